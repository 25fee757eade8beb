import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { cacheKeyFor, isShareable } from "./cache-rules";
import { PageStore, type CachedPage, type PageStoreLimits } from "./page-store";

export const DEFAULT_PAGE_CACHE_LIMITS: PageStoreLimits = {
  maxEntries: 1_000,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 10 * 60 * 1000,
};

/** Addresses found not to be shareable are remembered (bounded) so they skip the cache at once. */
const MAX_UNSHAREABLE = 1_000;

export interface PageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Visitors with this cookie (a session) never get a shared page. */
  sessionCookie: string;
  store?: PageStore;
}

type Outcome = { kind: "page"; page: CachedPage; shared: boolean } | { kind: "pass" };

/** RFC 9211 Cache-Status, so operators (and tests) can see what the cache did with a request. */
const CACHE_STATUS = "Cache-Status";
const cacheStatus = (detail: string) => `areaoe; ${detail}`;

function splitOn(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at >= 0; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function send(res: Response, page: CachedPage, nonce: string): void {
  const nonceBytes = Buffer.from(nonce);
  const body = Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
  res.status(page.status);
  // As React Router's Express adapter does: the page's headers join those set by earlier middleware
  // (the policy with this response's nonce, Vary, a language cookie).
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * Anonymous pages rendered once per address, language, origin and build, then served from memory.
 * The render behind the cache sees no visitor: a bare GET without cookies or other headers, no
 * session, and a placeholder instead of the CSP nonce; each response gets its own fresh nonce in the
 * placeholder's place. Concurrent first requests share one render. Answers that are not shareable
 * (not 200, private or no-store, setting a cookie) are discarded and the request goes on to the normal
 * handler, which renders it for this visitor; a 503 (overload) is answered as is, never kept.
 */
export function pageCache({ build, mode, getLoadContext, sessionCookie, store }: PageCacheOptions): RequestHandler {
  const pages = store ?? new PageStore(DEFAULT_PAGE_CACHE_LIMITS);
  const handle = createRequestHandler(build, mode);
  const placeholder = randomBytes(18).toString("base64url");
  const placeholderBytes = Buffer.from(placeholder);
  const pending = new Map<string, Promise<Outcome>>();
  const unshareable = new Set<string>();
  const resolveBuild = typeof build === "function" ? build : () => Promise.resolve(build);

  async function render(req: Request, res: Response, key: string): Promise<Outcome> {
    try {
      const request = new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), {
        headers: { accept: "text/html" },
      });
      const context = { ...getLoadContext(req, res), cspNonce: placeholder, session: null };
      const response = await handle(request, context);
      const shared = isShareable(response);
      if (!shared && response.status !== 503) {
        await response.body?.cancel();
        unshareable.add(key);
        if (unshareable.size > MAX_UNSHAREABLE) unshareable.delete(unshareable.values().next().value as string);
        return { kind: "pass" };
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => name !== "content-length");
      const page: CachedPage = { status: response.status, headers, parts: splitOn(body, placeholderBytes), bytes: body.length, storedAt: Date.now() };
      if (shared) pages.set(key, page);
      return { kind: "page", page, shared };
    } catch {
      return { kind: "pass" }; // the normal handler renders it and reports any error
    }
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = cacheKeyFor(req, res, sessionCookie);
    if (!key || unshareable.has(key)) {
      res.setHeader(CACHE_STATUS, cacheStatus("fwd=bypass"));
      return next();
    }
    try {
      pages.useBuild((await resolveBuild()).assets.version);
      let page = pages.get(key);
      if (page) {
        res.setHeader(CACHE_STATUS, cacheStatus("hit"));
      } else {
        let rendering = pending.get(key);
        const collapsed = rendering !== undefined;
        if (!rendering) {
          rendering = render(req, res, key).finally(() => pending.delete(key));
          pending.set(key, rendering);
        }
        const outcome = await rendering;
        if (outcome.kind === "pass") {
          res.setHeader(CACHE_STATUS, cacheStatus("fwd=uri-miss; detail=unshareable"));
          return next();
        }
        page = outcome.page;
        res.setHeader(CACHE_STATUS, cacheStatus(`fwd=uri-miss${collapsed ? "; collapsed" : ""}${outcome.shared ? "; stored" : ""}`));
      }
      send(res, page, res.locals.cspNonce);
    } catch (error) {
      next(error);
    }
  };
}
