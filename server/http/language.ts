import type { Request, Response, NextFunction } from "express";
import { negotiateLanguage } from "../../app/i18n/negotiate-language";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language } from "../../app/i18n/languages";
import { BASE_PATH } from "../../app/config/paths";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // a malformed cookie is ignored, never an error
    }
  }
  return undefined;
}

/**
 * Negotiates the language of every page and data request (query, cookie, Accept-Language, pt) and
 * remembers an explicit choice (`?lang=`) in a cookie. HTML varies by what selects the language.
 */
export function languageMiddleware(req: Request, res: Response, next: NextFunction): void {
  const rawQuery = req.query[LANGUAGE_QUERY];
  const query = typeof rawQuery === "string" ? rawQuery : undefined;
  const lang: Language = negotiateLanguage({
    query,
    cookie: readCookie(req.headers.cookie, LANGUAGE_COOKIE),
    acceptLanguage: req.headers["accept-language"],
  });
  if (isLanguage(query)) {
    res.cookie(LANGUAGE_COOKIE, query, {
      path: BASE_PATH,
      maxAge: ONE_YEAR_SECONDS * 1000,
      sameSite: "lax",
      secure: req.secure,
      // Scripts never need it: the browser's detector falls back to <html lang>, which the server wrote
      // from this very cookie.
      httpOnly: true,
    });
  }
  res.locals.lang = lang;
  res.vary("Accept-Language");
  res.vary("Cookie");
  res.setHeader("Cache-Control", "no-cache");
  next();
}
