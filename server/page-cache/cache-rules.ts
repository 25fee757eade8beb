import type { Request, Response } from "express";
import { isLanguage, LANGUAGE_QUERY } from "../../app/server-surface";
import { readCookie } from "../http/cookies";
import { requestOrigin } from "../http/trusted-origin";

/** Whether the request carries the named cookie (the session cookie sends a visitor past the cache). */
export function hasCookie(header: string | undefined, name: string): boolean {
  return readCookie(header, name) !== undefined;
}

/**
 * The cache key of a request that may get a shared page, or undefined. Only a GET of a page (not a
 * data or manifest request) by a visitor without a session cookie, with no query other than a valid
 * `lang`, qualifies. The key holds everything the render may depend on: the negotiated language, the
 * origin the visitor sees (absolute hreflang links), and the address as typed.
 */
export function cacheKeyFor(req: Request, res: Response, sessionCookie: string): string | undefined {
  if (req.method !== "GET") return undefined;
  if (readCookie(req.headers.cookie, sessionCookie) !== undefined) return undefined;
  const [pathname = "", query, ...more] = req.originalUrl.split("?");
  if (more.length > 0 || pathname.endsWith(".data") || pathname.endsWith("/__manifest")) return undefined;
  if (query !== undefined) {
    const params = new URLSearchParams(query);
    const keys = [...params.keys()];
    if (keys.length !== 1 || keys[0] !== LANGUAGE_QUERY || !isLanguage(params.get(LANGUAGE_QUERY))) return undefined;
  }
  const lang: unknown = res.locals.lang;
  if (!isLanguage(lang)) return undefined;
  return pageKey(lang, requestOrigin(req), req.originalUrl);
}

/** The origin is the configured one the Host check matched (server/http/trusted-origin.ts), never the raw Host. */
export const pageKey = (lang: string, origin: string, url: string): string => `${lang} ${origin} ${url}`;

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
