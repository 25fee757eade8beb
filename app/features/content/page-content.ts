import { FALLBACK_LANGUAGES, type Language } from "~/i18n/languages";
import type { ContentByLanguage, ContentModule } from "./content-module";

// The content files of every page (content/<lang>/<page-id>.mdx), compiled into the server's build and
// read by the render: React Router renders on the server only (docs/decisions/0020), so a page's text is
// in its HTML and no content file ever goes to the browser. Left out: ICS2 (not routed).
const files = import.meta.glob<ContentModule>(["../../../content/*/*.mdx", "!**/ics2.mdx"], { eager: true });

const key = (lang: string, pageId: string) => `../../../content/${lang}/${pageId}.mdx`;

/** The language whose file a page shows: the visitor's, else the first fallback that has one. */
function shownLanguage(pageId: string, lang: Language): Language | undefined {
  return [lang, ...FALLBACK_LANGUAGES].find((candidate) => key(candidate, pageId) in files);
}

/** Does the page have a content file (in any language)? */
export function hasPageContent(pageId: string): boolean {
  return FALLBACK_LANGUAGES.some((lang) => key(lang, pageId) in files);
}

/**
 * The page's content in a language (or its fallback): it holds the one language shown, so ContentPage
 * picks it and marks a fallback with its `lang` attribute. A page without a file has none ('Coming soon').
 */
export function pageContent(pageId: string, lang: Language): ContentByLanguage {
  const shown = shownLanguage(pageId, lang);
  const module = shown ? files[key(shown, pageId)] : undefined;
  return shown && module ? { [shown]: module } : {};
}
