import type MiniSearch from "minisearch";
import type { SearchResult as MiniSearchResult } from "minisearch";
import { breadcrumbTrail, pageHref, type PageId } from "~/config/site-map";
import { pageText } from "~/i18n/texts-context";
import type { Language } from "~/i18n/languages";
import type { SearchDocument } from "./search-document";
import { SEARCH_OPTIONS } from "./search-options";
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
    passage: buildPassage(String(hit.passage ?? ""), hit.terms),
  };
}

/**
 * Every word must match (prefix, light fuzziness); when that finds nothing for a query of several
 * words, any word may match, so one unknown word does not hide everything.
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
