import type { NextFunction, Request, Response } from "express";
import { sendPlainErrorPage } from "./plain-error-page";

const PAGE_METHODS = ["GET", "HEAD", "OPTIONS"];
export const MAX_URL_LENGTH = 4_096;

/**
 * Pages are read-only: OPTIONS answers what is allowed, other methods (PUT, DELETE, POST…) get 405.
 * `postPaths` are the pages whose form posts to their own action (and React Router's `.data` twin of
 * each). Mounted after the API and auth routes, so only page addresses reach it.
 */
export function pageMethods({ postPaths = [] }: { postPaths?: readonly string[] } = {}) {
  const posting = new Set(postPaths);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const allowsPost = posting.has(req.path);
    if (req.method === "POST" && allowsPost) return next();
    res.setHeader("Allow", [...PAGE_METHODS, ...(allowsPost ? ["POST"] : [])].join(", "));
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    sendPlainErrorPage(req, res, 405);
  };
}

/** Overlong or undecodable addresses (e.g. `%E0%A4%A`) are a 400, before any page code sees them. */
export function wellFormedUrl(req: Request, res: Response, next: NextFunction): void {
  if (req.originalUrl.length > MAX_URL_LENGTH) return sendPlainErrorPage(req, res, 414);
  try {
    decodeURIComponent(req.path);
    const query = req.originalUrl.split("?").slice(1).join("?");
    for (const part of query.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return sendPlainErrorPage(req, res, 400);
  }
  next();
}
