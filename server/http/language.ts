import type { Request, Response, NextFunction } from "express";
import { negotiateLanguage } from "../../app/i18n/negotiate-language";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language } from "../../app/i18n/languages";
import { BASE_PATH } from "../../app/config/paths";
import { readCookie } from "./cookies";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

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
      // Scripts never need it: the browser takes the language from <html lang>, which the server
      // wrote from this very cookie.
      httpOnly: true,
    });
  }
  res.locals.lang = lang;
  res.vary("Accept-Language");
  res.vary("Cookie");
  res.setHeader("Cache-Control", "no-cache");
  next();
}
