import path from "node:path";
import { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { sendPlainErrorPage } from "./plain-error-page";

function hashedAssets(dir: string): RequestHandler {
  // Hashed file names never change content: cache them forever, precompressed (brotli, gzip).
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: true },
  });
}

/**
 * `/assets/*`: the current build's hashed files, then (if given) the previous build's, so a visitor
 * still on the old version can load its chunks after a deployment. Anything else is a plain 404 (or
 * 405), including path traversal attempts, which the static server refuses.
 */
export function staticAssets(clientDir: string, previousAssetsDir?: string): RequestHandler[] {
  const handlers = [hashedAssets(path.join(clientDir, "assets"))];
  if (previousAssetsDir) handlers.push(hashedAssets(path.resolve(previousAssetsDir)));
  handlers.push((req: Request, res: Response, _next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendPlainErrorPage(req, res, 405);
    }
    sendPlainErrorPage(req, res, 404);
  });
  return handlers;
}

