import type { Request, Response } from "express";
import { BASE_URL, errorsLocales, isLanguage, LANGUAGE_COOKIE, negotiateLanguage, type Language } from "../../app/server-surface";
import { readCookie } from "./cookies";

const TEXTS = { pt: errorsLocales.pt.server, en: errorsLocales.en.server };
type ServerText = keyof (typeof TEXTS)["pt"];

/** The visitor's language without trusting anything: a malformed cookie or query falls back to pt. */
export function requestLanguage(req: Request, res: Response): Language {
  if (isLanguage(res.locals.lang)) return res.locals.lang;
  const query = /[?&]lang=(pt|en)(?:&|$)/.exec(req.originalUrl)?.[1];
  const cookie = readCookie(req.headers.cookie, LANGUAGE_COOKIE);
  return negotiateLanguage({ query, cookie, acceptLanguage: req.headers["accept-language"] });
}

function textFor(status: number): ServerText {
  if (status === 404) return "notFound";
  if (status === 405) return "methodNotAllowed";
  if (status >= 400 && status < 500) return "badRequest";
  return "serverError";
}

/** A small self-contained page: no script, no internals, in the visitor's language. */
export function sendPlainErrorPage(req: Request, res: Response, status: number): void {
  const lang = requestLanguage(req, res);
  const texts = TEXTS[lang];
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.type("html");
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.send(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${texts.title} ${status} | areaOE</title></head><body><main><h1>${texts.title} ${status}</h1><p>${texts[textFor(status)]}</p><p><a href="${BASE_URL}">areaOE</a></p></main></body></html>`,
  );
}
