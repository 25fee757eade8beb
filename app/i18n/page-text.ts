import { FALLBACK_LANGUAGES, type Language } from "./languages";
import { defaultTextSource } from "./texts-context";

export interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/**
 * Page titles for `meta` functions and search results, which run outside React and cannot use hooks:
 * the `pages` namespace of the text source outside a provider (the server: every language; the
 * browser: the languages it loaded), in the asked language, then the fallbacks. The browser's meta may
 * ask for a language still loading (a language switch): a loaded one answers meanwhile.
 */
export function pageText(id: string, lang: Language): PageTexts {
  const source = defaultTextSource();
  for (const language of [lang, ...FALLBACK_LANGUAGES]) {
    const page = source.bundle(language, "pages")?.[id];
    if (typeof page === "object" && page !== null) return page as PageTexts;
  }
  throw new Error(`No texts for page ${id}`);
}
