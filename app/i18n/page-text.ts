import i18next from "i18next";
import type { Language } from "./languages";

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
  const texts: unknown = i18next.getFixedT(lang, "pages")(id, { returnObjects: true, defaultValue: null });
  if (typeof texts !== "object" || texts === null) throw new Error(`No texts for page ${id}`);
  return texts as PageTexts;
}
