import { createContext, useContext } from "react";
import { BASE_PATH } from "~/config/paths";
import { SITE_PAGES } from "~/config/site-map";

/**
 * The language the visitor chose by the address (`?lang=en`) of the page being rendered, or undefined
 * (chosen by the cookie, the browser, or the default). A client that keeps no cookie (a script, a
 * private window that refuses them) would fall back to Portuguese on the next page: every link to a
 * page of the portal then carries the same `?lang=` (the page cache keys `?lang=` apart, so a page
 * asked without it is never served with these links). Provided by the root and by each island's frame.
 */
export const KeptLanguageContext = createContext<string | undefined>(undefined);

const PAGE_PATHS = new Set<string>(SITE_PAGES.map((page) => (page.path === "" ? `${BASE_PATH}/` : `${BASE_PATH}/${page.path}`)));
PAGE_PATHS.add(BASE_PATH);

/**
 * A link with the kept language added: only a link to one of the portal's pages (by its path), never
 * one that already says its language, an anchor, an asset, a download or an API.
 */
export function keepLanguage(href: string, lang: string | undefined): string {
  if (!lang) return href;
  const hashAt = href.indexOf("#");
  const withoutHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : href.slice(hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt < 0 ? "" : withoutHash.slice(queryAt + 1);
  if (!PAGE_PATHS.has(path) || new URLSearchParams(query).has("lang")) return href;
  return `${path}?${query === "" ? "" : `${query}&`}lang=${encodeURIComponent(lang)}${hash}`;
}

/** The same for a router path (relative to the base path: `/public/iecs`). */
export function keepLanguageInRoute(to: string, lang: string | undefined): string {
  const kept = keepLanguage(`${BASE_PATH}${to === "/" ? "/" : to}`, lang);
  return kept.slice(BASE_PATH.length) || "/";
}

/** The kept language of this render. */
export const useKeptLanguage = (): string | undefined => useContext(KeptLanguageContext);
