import type { Request, Response } from "express";
import { isLanguage, LANGUAGE_QUERY, pageAnswersQuery, routedPageAddresses } from "../../app/server-surface";
import { readCookie } from "../http/cookies";
import { requestOrigin } from "../http/trusted-origin";

/** Whether the request carries one of the named cookies (a session cookie sends the early answer to Express). */
export function hasCookie(header: string | undefined, names: string | readonly string[]): boolean {
  return (typeof names === "string" ? [names] : names).some((name) => readCookie(header, name) !== undefined);
}

/** Page address → page id: the cache keeps at most one entry per page, language, explicit choice and origin. */
const PAGES = routedPageAddresses();

/** Queries only a test may use (app/features/errors/fault-injection.tsx): such a page must render. */
const RENDER_ALWAYS_PARAMS = new Set(["__fault"]);

/** What the page cache keys a request by, and the address it renders for it. */
export interface CacheTarget {
  key: string;
  /** The page's canonical address, with `?lang=` when the language was chosen by the query. */
  renderPath: string;
}

/**
 * The page cache's one key rule: the page a shareable GET or HEAD asks for, or undefined when it must
 * be rendered for this visitor: an address that is not a page (404s, data requests), a page that
 * answers its query (the manifest) given one (search, the tools), a test's fault injection, or an
 * ambiguous `lang`. Any other query is not part of the page (tracking, `?x=N`): it gets the page's one
 * entry. The key holds what the render depends on: the negotiated language, whether the query chose
 * it, the configured origin (absolute hreflang links) and the page: never the raw address, so the
 * entries are bounded by pages × languages × origins. The Express path (cacheTargetFor) and the early
 * answer (page-cache.ts) both key by it.
 */
export function cacheTarget(method: string | undefined, url: string, lang: unknown, origin: string): CacheTarget | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const at = url.indexOf("?");
  const pathname = at < 0 ? url : url.slice(0, at);
  const page = PAGES.get(pathname);
  if (!page) return undefined;
  // No query (nearly every request): no language chosen by it, nothing else to weigh.
  if (at < 0) return isLanguage(lang) ? { key: `${lang} ${origin} ${page}`, renderPath: pathname } : undefined;
  const params = new URLSearchParams(url.slice(at + 1));
  const languages = params.getAll(LANGUAGE_QUERY);
  if (languages.length > 1) return undefined;
  const others = [...params.keys()].filter((name) => name !== LANGUAGE_QUERY);
  if (others.length > 0 && (pageAnswersQuery(page) || others.some((name) => RENDER_ALWAYS_PARAMS.has(name)))) return undefined;
  if (!isLanguage(lang)) return undefined;
  const explicit = languages[0] === lang;
  // The origin is the configured one the Host check matched (server/http/trusted-origin.ts), never the raw Host.
  return { key: `${lang} ${origin} ${page}${explicit ? " ?lang" : ""}`, renderPath: `${pathname}${explicit ? `?${LANGUAGE_QUERY}=${lang}` : ""}` };
}

/**
 * cacheTarget of a request inside Express: the language as the language middleware negotiated it, and
 * never for a signed-in visitor (a session that decrypted: a made-up cookie does not bypass the cache),
 * nor for one whose session could not be checked (the shared state does not answer: the page says so).
 */
export function cacheTargetFor(req: Request, res: Response): CacheTarget | undefined {
  if (res.locals.session || res.locals.sessionUnchecked) return undefined;
  return cacheTarget(req.method, req.originalUrl, res.locals.lang, requestOrigin(req));
}

/**
 * Whether a rendered answer may be shown to every anonymous visitor: a complete HTML page (200) that
 * sets no cookie and whose route did not mark it private or no-store (the security header form, the
 * header checker, first steps).
 */
export function isShareable(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  if (!/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) return false;
  if (response.headers.has("set-cookie")) return false;
  return !/\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "");
}
