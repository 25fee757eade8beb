import i18next from "i18next";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/**
 * Page titles for `meta` functions and search results, which run outside React and cannot use hooks.
 * They are read through i18next (its fallback languages included) from the default instance: on the
 * server it holds every text (create-i18n.ts), in the browser the `pages` namespace of the page's
 * language, which is always loaded (locale-files.ts).
 */
export function pageText(id: string, lang: Language): PageTexts {
  // The fallback languages are named here because the browser's instance has none of its own: during
  // a language switch a meta function may ask for a language whose texts are still loading.
  const texts: unknown = i18next.t(id, { lng: lang, ns: "pages", fallbackLng: FALLBACK_LANGUAGES, returnObjects: true, defaultValue: null });
  if (typeof texts !== "object" || texts === null) throw new Error(`No texts for page ${id}`);
  return texts as PageTexts;
}
