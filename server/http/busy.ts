import { createElement } from "react";
import type { Request, Response } from "express";
import { BUSY_HEADERS, BusyPage } from "../../app/server-surface";
import { responseLanguage } from "./language";
import { markQuietRefusal } from "./client-budget";
import { serverPageFor } from "./server-page";

/** The Express side of the overload answer: a 503 with Retry-After, the same page as entry.server's. */
export function sendBusy(req: Request, res: Response): void {
  // Render admission logs its refusals once a second (render-admission.ts), not one line each.
  markQuietRefusal(res);
  const lang = responseLanguage(req, res);
  res.status(503).set(BUSY_HEADERS);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.send(serverPageFor(res, createElement(BusyPage, { lang, path: req.originalUrl })));
}
