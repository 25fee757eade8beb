import type { Request, Response } from "express";
import { sharedI18n, BUSY_HEADERS, busyPageHtml } from "../../app/server-surface";
import { requestLanguage } from "./plain-error-page";
import { markQuietRefusal } from "./client-budget";

/** The Express side of the overload answer: a 503 with Retry-After, the same page as entry.server's. */
export function sendBusy(req: Request, res: Response): void {
  // Render admission logs its refusals once a second (render-admission.ts), not one line each.
  markQuietRefusal(res);
  const lang = requestLanguage(req, res);
  res.status(503).set(BUSY_HEADERS);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.send(busyPageHtml({ t: sharedI18n(lang).getFixedT(lang), lang, path: req.originalUrl }));
}
