import type { IncomingHttpHeaders } from "node:http";
import type { Request, Response, NextFunction } from "express";
import {
  negotiateLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  BASE_PATH,
  type Language,
} from "../../app/server-surface";
import { serialize } from "cookie";
import { readCookie } from "./cookies";
import { isSecureOrigin } from "./trusted-origin";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language of a request (also used by the page cache's early answer, before Express). */
export function requestLanguage(query: string | undefined, headers: IncomingHttpHeaders): Language {
  return negotiateLanguage({ query, cookie: readCookie(headers.cookie, LANGUAGE_COOKIE), acceptLanguage: headers["accept-language"] });
}

/**
 * The language of an answer: the one the language middleware chose (`res.locals.lang`), or, for an
 * answer before it (a refusal, an error, a 404 outside the base path), the same negotiation. Its
 * `?lang=` is read from the raw address: a malformed query cannot throw, it is simply not a language.
 */
export function responseLanguage(req: Request, res: Response): Language {
  if (isLanguage(res.locals.lang)) return res.locals.lang;
  const query = /[?&]lang=(pt|en)(?:&|$)/.exec(req.originalUrl)?.[1];
  return requestLanguage(query, req.headers);
}

/** The language cookie's attributes, as given to Express's res.cookie (maxAge in milliseconds). */
function languageCookieOptions(secure: boolean) {
  return {
    path: BASE_PATH,
    maxAge: ONE_YEAR_SECONDS * 1000,
    sameSite: "lax" as const,
    secure,
    // Scripts never need it: the browser takes the language from <html lang>, which the server
    // wrote from this very cookie.
    httpOnly: true,
  };
}

/**
 * The Set-Cookie value of an explicit choice (`?lang=`) as Express's res.cookie writes it (Max-Age in
 * seconds, Expires from now), for the page cache's early answer, which runs before Express.
 */
export function languageCookieHeader(lang: Language, secure: boolean, now = Date.now()): string {
  const { maxAge, ...options } = languageCookieOptions(secure);
  return serialize(LANGUAGE_COOKIE, lang, { ...options, maxAge: Math.floor(maxAge / 1000), expires: new Date(now + maxAge) });
}

/**
 * Negotiates the language of every page and data request (query, cookie, Accept-Language, pt) and
 * remembers an explicit choice (`?lang=`) in a cookie. HTML varies by what selects the language.
 */
export function languageMiddleware(req: Request, res: Response, next: NextFunction): void {
  const rawQuery = req.query[LANGUAGE_QUERY];
  const query = typeof rawQuery === "string" ? rawQuery : undefined;
  const lang = requestLanguage(query, req.headers);
  if (isLanguage(query)) {
    res.cookie(LANGUAGE_COOKIE, query, languageCookieOptions(isSecureOrigin(req)));
  }
  res.locals.lang = lang;
  res.vary("Accept-Language");
  res.vary("Cookie");
  // The language the answer is in (the page cache's early answer copies it with the other headers).
  res.setHeader("Content-Language", lang);
  // An answer that sets the cookie is the visitor's own: a shared cache must never replay it.
  res.setHeader("Cache-Control", isLanguage(query) ? "private, no-cache" : "no-cache");
  next();
}
