import { createContext, useContext } from "react";
import { BASE_PATH } from "~/config/paths";

/**
 * The language the visitor chose by the address (`?lang=en`) of the page being rendered, or undefined
 * (chosen by the cookie, the browser, or the default). A client that keeps no cookie (a script, a
 * private window that refuses them) would fall back to Portuguese on the next page: every link to a
 * page of the portal then carries the same `?lang=` (the page cache keys `?lang=` apart, so a page
 * asked without it is never served with these links). Provided by the root and by each island's frame.
 */
export const KeptLanguageContext = createContext<string | undefined>(undefined);

/**
 * The folders of the page manifest's paths (app/config/site-map.ts: every page is the home page or under
 * one of them; kept-language.test.ts holds it). Written here, not read from the manifest, so that an
 * island's links do not carry the manifest into the browser (a tool page's weight, CONTRIBUTING.md).
 */
const PAGE_FOLDERS = ["public", "ferramentas"];

/** Whether a path is one of the portal's pages: the home page (and its alias), or a path without a file extension under a page folder. */
export function isPagePath(path: string): boolean {
  if (path === BASE_PATH || path === `${BASE_PATH}/` || path === `${BASE_PATH}/home`) return true;
  const folder = PAGE_FOLDERS.find((name) => path.startsWith(`${BASE_PATH}/${name}/`));
  return folder !== undefined && !/\.[a-z0-9]+$/i.test(path);
}

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
  if (!isPagePath(path) || new URLSearchParams(query).has("lang")) return href;
  return `${path}?${query === "" ? "" : `${query}&`}lang=${encodeURIComponent(lang)}${hash}`;
}

/** The kept language of this render. */
export const useKeptLanguage = (): string | undefined => useContext(KeptLanguageContext);
