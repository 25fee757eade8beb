import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sendPlainErrorPage } from "./plain-error-page";

const bodies = new WeakMap<Request, Buffer>();

/** The body readBodyFirst read for this request (also handed back to the stream), if any. */
export const bodyReadFirst = (req: Request): Buffer | undefined => bodies.get(req);

export interface ReadBodyFirstOptions {
  /** The largest body read; a declared length above it is answered 413 before any byte is read. */
  maxBytes: number;
  /** Milliseconds the whole body may take to arrive; then 408 and the connection is closed. */
  deadlineMs: number;
  /** The answer to a declared length over `maxBytes` (default: the plain 413 page). */
  tooLarge?: (req: Request, res: Response) => void;
}

/**
 * Bodies before slots. A request with a body is read completely, within `maxBytes` and `deadlineMs`,
 * before it goes on to render admission: a client that sends the headers and then a few bytes a
 * minute holds a socket (until the deadline), never one of the few render slots.
 *
 * The bytes are then handed back to the request stream (`readable.unshift`, the stream API's way to
 * "un-consume" what was read ahead), so React Router's Express adapter reads the body as usual, now
 * from memory. A body must declare its length (411 otherwise: the checker's form and React Router's
 * data requests always do).
 */
export function readBodyFirst({ maxBytes, deadlineMs, tooLarge = (req, res) => sendPlainErrorPage(req, res, 413) }: ReadBodyFirstOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) return next(); // no body
    if (declared === undefined) return sendPlainErrorPage(req, res, 411);
    if (!/^\d+$/.test(declared)) return sendPlainErrorPage(req, res, 413);
    if (Number(declared) > maxBytes) return tooLarge(req, res);
    const length = Number(declared);
    if (length === 0) return next();

    const chunks: Buffer[] = [];
    let received = 0;
    const cleanUp = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("error", cleanUp);
      req.off("aborted", cleanUp);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received < length) return;
      // The whole body is here ('end' has not been emitted yet): stop the flow and put it back.
      req.pause();
      cleanUp();
      const body = Buffer.concat(chunks, received);
      bodies.set(req, body);
      req.unshift(body);
      next();
    };
    const timer = setTimeout(() => {
      cleanUp();
      res.setHeader("Connection", "close");
      sendPlainErrorPage(req, res, 408);
      res.once("finish", () => req.destroy());
    }, deadlineMs);
    req.on("data", onData);
    req.once("error", cleanUp);
    req.once("aborted", cleanUp);
  };
}
