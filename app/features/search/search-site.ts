import type { Language } from "~/i18n/languages";
import { loadSearchIndex } from "./load-search-index";
import { foldAccents } from "~/lib/fold-accents";
import { answerSearch, cleanQuery, type SearchAnswer } from "./run-search";

/** Results kept per language and normalised query (least recently used dropped first). */
const MAX_CACHED_QUERIES = 256;
const cached = new Map<string, SearchAnswer>();

/**
 * The whole search in one lazily imported module, so neither MiniSearch nor the index is in a page's
 * first load. A query asked again (in any case, accents or spacing) is answered from a small cache, so
 * one client repeating a costly query costs one search.
 */
export async function searchSite(lang: Language, query: string, limit?: number): Promise<SearchAnswer> {
  const key = `${lang} ${limit ?? ""} ${foldAccents(cleanQuery(query))}`;
  const hit = cached.get(key);
  if (hit) {
    cached.delete(key);
    cached.set(key, hit);
    return hit;
  }
  const answer = answerSearch(await loadSearchIndex(lang), query, lang, limit);
  cached.set(key, answer);
  if (cached.size > MAX_CACHED_QUERIES) cached.delete(cached.keys().next().value as string);
  return answer;
}

/** Starts downloading the index (on focus), so the first keystroke finds it ready. */
export function preloadSearchIndex(lang: Language): void {
  void loadSearchIndex(lang).catch(() => undefined);
}
