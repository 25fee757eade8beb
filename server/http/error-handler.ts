import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { sendPlainErrorPage } from "./plain-error-page";

/**
 * The last Express handler: a client error (bad encoding, forbidden path, unreadable body) keeps its
 * 4xx status; anything else is a plain 500 page. Never a stack trace in the response; the log gets
 * the error without the request's headers.
 */
export function serverErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const raw = (error as { status?: unknown; statusCode?: unknown }).status ??
      (error as { statusCode?: unknown }).statusCode;
    const status = typeof raw === "number" && raw >= 400 && raw < 500 ? raw : error instanceof URIError ? 400 : 500;
    if (status >= 500) {
      const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
      logger.error({ err: { name, message, stack }, method: req.method, path: req.path }, "unexpected server error");
    }
    sendPlainErrorPage(req, res, status);
  };
}
