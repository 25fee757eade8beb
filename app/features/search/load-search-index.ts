import MiniSearch from "minisearch";
import type { Language } from "~/i18n/languages";
import { loadOnceByKey } from "~/lib/load-once";
import type { SearchDocument } from "./search-document";
import { searchIndexOptions } from "./search-options";

// Dynamic imports: each language's index is its own chunk, fetched only when a search needs it.
const INDEX_MODULES: Record<Language, () => Promise<{ default: string }>> = {
  pt: () => import("virtual:areaoe-search/search-index-pt"),
  en: () => import("virtual:areaoe-search/search-index-en"),
};

/**
 * The search index of a language, loaded once per process (server) or page session (browser); a failed
 * download (flaky network) is tried again on the next keystroke.
 */
export const loadSearchIndex = loadOnceByKey(
  (lang: Language): Promise<MiniSearch<SearchDocument>> =>
    INDEX_MODULES[lang]().then((module) => MiniSearch.loadJSON<SearchDocument>(module.default, searchIndexOptions(lang))),
);
