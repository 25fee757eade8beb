import { readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { static as expressStatic, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { sendPlainErrorPage } from "./plain-error-page";
import { sourceFileHeaders } from "./source-file-headers";

function hashedAssets(dir: string): RequestHandler {
  // Hashed file names never change content: cache them forever, precompressed (brotli, gzip). No
  // ETag or Last-Modified: an immutable file is never revalidated.
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: true, etag: false, lastModified: false },
  });
}

/**
 * The headers a script or stylesheet needs, and only those: the document policies (CSP, framing,
 * referrer, permissions) mean nothing on a JavaScript or CSS response, and on a first visit's 30-odd
 * chunks they were about 25 KB of the transfer.
 */
function assetHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
}

/**
 * `/assets/*` files that exist: the current build's hashed files, then (if given) the previous
 * build's (`AREAOE_PREVIOUS_ASSETS_DIR`: that build's `client` folder, whose `assets` are served), so a
 * visitor still on the old version can load its chunks after a deployment. Mounted before the
 * document security headers; a miss falls through to them and to `missingAsset`.
 */
export function hashedAssetFiles(clientDir: string, previousClientDir?: string): RequestHandler[] {
  const handlers = [assetHeaders, hashedAssets(path.join(clientDir, "assets"))];
  if (previousClientDir) handlers.push(hashedAssets(path.join(path.resolve(previousClientDir), "assets")));
  return handlers;
}

const isFolder = (at: string) => statSync(at, { throwIfNoEntry: false })?.isDirectory() === true;
const holdsScripts = (at: string) => readdirSync(at).some((name) => name.endsWith(".js"));

/**
 * Why `AREAOE_PREVIOUS_ASSETS_DIR` cannot be served, or undefined when it can: it must be the previous
 * build's `client` folder (a copy of `build/client`, with its hashed scripts in `assets/`), not its
 * `assets` folder, and not this build's own. The start stops with this message (server/boot.ts).
 */
export function previousAssetsProblem(previousClientDir: string, clientDir?: string): string | undefined {
  const named = `AREAOE_PREVIOUS_ASSETS_DIR=${previousClientDir}`;
  const copy = "a copy of the previous build's client folder (cp -r build/client /srv/areaoe/previous-client before the next npm run build)";
  const at = path.resolve(previousClientDir);
  if (!statSync(at, { throwIfNoEntry: false })) return `${named}: no such folder; it must be ${copy}`;
  if (!isFolder(at)) return `${named}: not a folder; it must be ${copy}`;
  const assets = path.join(at, "assets");
  if (!isFolder(assets)) {
    if (holdsScripts(at)) return `${named}: this is an assets folder; name its parent, the previous build's client folder`;
    return `${named}: has no assets folder, so it is not a build's client folder; it must be ${copy}`;
  }
  if (!holdsScripts(assets)) return `${named}: its assets folder holds no script, so it is not a build's client folder; it must be ${copy}`;
  if (clientDir && realpathSync(at) === realpathSync(path.resolve(clientDir))) return `${named}: this is the running build's own client folder, not the previous build's`;
  return undefined;
}

/**
 * Any other `/assets/*` address: a plain 404 (or 405), with the full security headers, including
 * path traversal attempts, which the static server refuses.
 */
export function missingAsset(req: Request, res: Response, _next: NextFunction): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return sendPlainErrorPage(req, res, 405);
  }
  sendPlainErrorPage(req, res, 404);
}

/** Every file under `dir` as a URL path ("/favicon.svg"), except hashed assets and dot-folders. */
function listPublicFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (relative[0] === "assets" || relative.some((part) => part.startsWith("."))) continue;
    files.add(`/${relative.join("/")}`);
  }
  return files;
}

/**
 * The build's other public files (icon, diagrams, downloads), listed once at start: the build never
 * changes under a running server, so a page address costs no file-system lookup on its way to the
 * renderer or the page cache. Program sources are downloads (sourceFileHeaders).
 */
export function publicFiles(clientDir: string): RequestHandler {
  const files = listPublicFiles(clientDir);
  const serve = expressStatic(clientDir, { maxAge: "1h", index: false, setHeaders: sourceFileHeaders });
  return (req: Request, res: Response, next: NextFunction) => {
    if (files.has(req.path)) return serve(req, res, next);
    next();
  };
}
