import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { sendPlainErrorPage } from "./plain-error-page";

/**
 * The last Express handler: a client error (bad encoding, forbidden path, unreadable body) keeps its
 * 4xx status; anything else is a plain 500 page. Never a stack trace in the response; the log gets
 * the error without the request's headers.
 */
export function serverErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // The answer has begun (or was sent, e.g. a body deadline's 408): nothing more can be said. One
      // log record, never Express's default multi-line stack on stderr.
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      logger.warn({ err: { name, message }, method: req.method, path: req.path }, "error after the answer began");
      if (!res.writableEnded) res.destroy();
      return;
    }
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
