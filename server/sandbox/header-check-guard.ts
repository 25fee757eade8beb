import type { NextFunction, Request, Response } from "express";
import { pageHref } from "../../app/server-surface";
import { sendPlainErrorPage } from "../http/plain-error-page";

const CHECK_PATH = pageHref("security-header-check");

/**
 * The transport limit of the checker's form post. The action reads at most 16 KB of text; URL
 * encoding can triple that (`<`, `+`, `/` and `=` become `%XX`), plus the password: at most 64 KB.
 */
export const HEADER_CHECK_MAX_BODY_BYTES = 64 * 1024;

export const headerCheckGuard = {
  /** The page and React Router's data request for it (`.data`, used when scripts run). */
  paths: [CHECK_PATH, `${CHECK_PATH}.data`],
  /** Refuses a body that is too large (413) or of unknown length (411) before the page reads it. */
  bodyLimit(req: Request, res: Response, next: NextFunction): void {
    const length = req.headers["content-length"];
    if (length === undefined) return sendPlainErrorPage(req, res, 411);
    if (!/^\d+$/.test(length) || Number(length) > HEADER_CHECK_MAX_BODY_BYTES) return sendPlainErrorPage(req, res, 413);
    next();
  },
};
