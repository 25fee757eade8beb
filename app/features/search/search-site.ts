import type { Language } from "../../i18n/languages";
import { loadSearchIndex } from "./load-search-index";
import { runSearch, type SiteSearchResult } from "./run-search";

/** The whole search in one lazily imported module, so neither MiniSearch nor the index is in a page's first load. */
export async function searchSite(lang: Language, query: string, limit?: number): Promise<SiteSearchResult[]> {
  return runSearch(await loadSearchIndex(lang), query, lang, limit);
}

/** Starts downloading the index (on focus), so the first keystroke finds it ready. */
export function preloadSearchIndex(lang: Language): void {
  void loadSearchIndex(lang).catch(() => undefined);
}
