import i18next from "i18next";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/**
 * Page titles for `meta` functions and search results, which run outside React and cannot use hooks.
 * They come from the default i18next instance: on the server it holds every text (create-i18n.ts), in
 * the browser the `pages` namespace of the page's language, which is always loaded (locale-files.ts).
 */
export function pageText(id: string, lang: Language): PageTexts {
  for (const candidate of [lang, ...FALLBACK_LANGUAGES]) {
    const entry = i18next.getResource(candidate, "pages", id) as PageTexts | undefined;
    if (entry) return entry;
  }
  throw new Error(`No texts for page ${id}`);
}
