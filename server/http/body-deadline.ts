import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * A deadline for a request body that a route reads itself (a body parser after this): if the body has
 * not all arrived within `deadlineMs`, the request is answered 408 (by `timedOut`) and its connection
 * closed, so a client that sends a few bytes a minute does not hold the route's parser for the whole
 * request timeout. A request without a body passes at once.
 */
export function bodyDeadline({ deadlineMs, timedOut }: { deadlineMs: number; timedOut: (req: Request, res: Response) => void }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    const hasBody = (declared !== undefined && declared !== "0") || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody || req.readableEnded) return next();
    const timer = setTimeout(() => {
      if (req.readableEnded) return;
      if (!res.headersSent) {
        res.setHeader("Connection", "close");
        timedOut(req, res);
        res.once("finish", () => req.destroy());
      } else req.destroy();
    }, deadlineMs);
    const done = () => clearTimeout(timer);
    req.once("end", done);
    req.once("close", done);
    res.once("close", done);
    next();
  };
}
