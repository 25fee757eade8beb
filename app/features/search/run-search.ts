import type MiniSearch from "minisearch";
import type { SearchResult as MiniSearchResult } from "minisearch";
import { breadcrumbTrail, pageHref, type PageId } from "~/config/site-map";
import { pageText } from "~/i18n/texts-context";
import type { Language } from "~/i18n/languages";
import type { SearchDocument } from "./search-document";
import { SEARCH_OPTIONS, searchTerm, SUGGESTION_OPTIONS } from "./search-options";
import { buildPassage, type PassagePart } from "./passage";

export interface SiteSearchResult {
  id: string;
  href: string;
  /** The page title. */
  title: string;
  /** The section heading, "" when the match is in the page's introduction. */
  heading: string;
  /** Breadcrumb labels from the home page down to the page. */
  breadcrumb: string[];
  passage: PassagePart[];
}

/** Longest query we accept: longer input is cut, so a pasted essay cannot make the server work hard. */
export const MAX_QUERY_LENGTH = 200;
/** Words of a query that are searched (each is a prefix and fuzzy search of its own); the rest are dropped. */
export const MAX_QUERY_TERMS = 8;

export function cleanQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).split(" ").slice(0, MAX_QUERY_TERMS).join(" ");
}

function toResult(hit: MiniSearchResult, lang: Language): SiteSearchResult {
  const pageId = String(hit.pageId);
  const anchor = String(hit.anchor ?? "");
  return {
    id: hit.id as string,
    href: `${pageHref(pageId as PageId)}${anchor ? `#${anchor}` : ""}`,
    title: pageText(pageId, lang).title,
    heading: String(hit.heading ?? ""),
    breadcrumb: breadcrumbTrail(pageId).map((id) => pageText(id, lang).breadcrumb),
    passage: buildPassage(String(hit.passage ?? ""), hit.terms, undefined, (word) => searchTerm(word, lang)),
  };
}

/** What a search answers: the results, and a corrected query when nothing was found. */
export interface SearchAnswer {
  results: SiteSearchResult[];
  /** The query with each word no page holds replaced by the closest word that one does ("Did you mean …?"), or null. */
  suggestion: string | null;
}

/**
 * Every word must match, as a whole word after accent and case folding (search-options.ts); when that
 * finds nothing for a query of several words, any word may match, so one unknown word does not hide
 * everything. Every result holds at least one word of the query as it was typed: none is invented.
 */
export function runSearch(
  index: MiniSearch<SearchDocument>,
  rawQuery: string,
  lang: Language,
  limit = 50,
): SiteSearchResult[] {
  const query = cleanQuery(rawQuery);
  if (!query) return [];
  let hits = index.search(query, SEARCH_OPTIONS);
  if (hits.length === 0 && query.includes(" ")) hits = index.search(query, { ...SEARCH_OPTIONS, combineWith: "OR" });
  return hits.slice(0, limit).map((hit) => toResult(hit, lang));
}

/**
 * For a query that found nothing: each word of it that no page holds, replaced by the index's closest
 * word (one or two edits away, words of five letters or more: search-options.ts), the others kept.
 * Null when no word could be replaced. The words come back folded (no accents), as the index holds them.
 */
export function suggestQuery(index: MiniSearch<SearchDocument>, rawQuery: string): string | null {
  const words = cleanQuery(rawQuery).split(" ").filter(Boolean);
  let changed = false;
  const suggested = words.map((word) => {
    if (index.search(word, SEARCH_OPTIONS).length > 0) return word;
    // The closest word first: one edit away before two (autoSuggest ranks by score alone, so a
    // frequent word two edits away would beat the one-letter slip: 'garantas' is 'garantias').
    const [best] = [1, 2]
      .map((maxFuzzy) => index.autoSuggest(word, { ...SUGGESTION_OPTIONS, maxFuzzy }))
      .find((suggestions) => suggestions.length > 0) ?? [];
    const replacement = best?.terms[0];
    if (!replacement || replacement === word.toLowerCase()) return word;
    changed = true;
    return replacement;
  });
  return changed ? suggested.join(" ") : null;
}

/** The results of a query and, when there are none, a suggestion. */
export function answerSearch(index: MiniSearch<SearchDocument>, rawQuery: string, lang: Language, limit = 50): SearchAnswer {
  const results = runSearch(index, rawQuery, lang, limit);
  return { results, suggestion: results.length === 0 && cleanQuery(rawQuery) !== "" ? suggestQuery(index, rawQuery) : null };
}
