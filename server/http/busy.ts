import type { Request, Response } from "express";
import { serverT, BUSY_HEADERS, busyPageHtml } from "../../app/server-surface";
import { requestLanguage } from "./plain-error-page";

/** The Express side of the overload answer: a 503 with Retry-After, the same page as entry.server's. */
export function sendBusy(req: Request, res: Response): void {
  const lang = requestLanguage(req, res);
  res.status(503).set(BUSY_HEADERS);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.send(busyPageHtml({ t: serverT(lang), lang, path: req.originalUrl }));
}
