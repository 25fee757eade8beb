import { resources } from "./resources";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/** Page titles for `meta` functions, which run outside React and cannot use hooks. */
export function pageText(id: string, lang: Language): PageTexts {
  for (const candidate of [lang, ...FALLBACK_LANGUAGES]) {
    const pages = resources[candidate]?.pages as Record<string, PageTexts> | undefined;
    const entry = pages?.[id];
    if (entry) return entry;
  }
  throw new Error(`No texts for page ${id}`);
}
