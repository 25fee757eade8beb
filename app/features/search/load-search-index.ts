import MiniSearch from "minisearch";
import type { Language } from "../../i18n/languages";
import type { SearchDocument } from "./search-document";
import { searchIndexOptions } from "./search-options";

// Dynamic imports: each language's index is its own chunk, fetched only when a search needs it.
const INDEX_MODULES: Record<Language, () => Promise<{ default: string }>> = {
  pt: () => import("virtual:areaoe-search/search-index-pt"),
  en: () => import("virtual:areaoe-search/search-index-en"),
};

const cache = new Map<Language, Promise<MiniSearch<SearchDocument>>>();

/** The search index of a language, loaded once per process (server) or page session (browser). */
export function loadSearchIndex(lang: Language): Promise<MiniSearch<SearchDocument>> {
  let index = cache.get(lang);
  if (!index) {
    index = INDEX_MODULES[lang]().then((module) => MiniSearch.loadJSON<SearchDocument>(module.default, searchIndexOptions(lang)));
    // A failed download (flaky network) may be retried on the next keystroke.
    index.catch(() => cache.delete(lang));
    cache.set(lang, index);
  }
  return index;
}
