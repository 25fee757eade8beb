import { OutgoingMessage, type IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language } from "../../app/server-surface";
import type { ReactRouterHandler } from "../http/react-router-handler";
import { languageCookieHeader, requestLanguage } from "../http/language";
import { HSTS, newNonce } from "../http/security-headers";
import { isSecureOrigin, requestOrigin } from "../http/trusted-origin";
import type { RenderAdmission } from "../http/render-admission";
import type { PageCacheMetrics } from "../observability/portal-metrics";
import { clientKey } from "../http/client-budget";
import { cacheTarget, cacheTargetFor, hasCookie, isShareable, type CacheTarget } from "./cache-rules";
import { gzipTemplate, gzipWithNonce } from "./gzip-template";
import { PageStore, type CachedPage, type HeaderTemplate, type PageStoreLimits } from "./page-store";
import { BUILD_HEADER, sendStaticDocument, storeStaticDocument } from "./static-document";
import { REQUEST_ID_HEADER, requestIdOf } from "../observability/request-id";

export const DEFAULT_PAGE_CACHE_LIMITS: PageStoreLimits = {
  maxEntries: 1_000,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 10 * 60 * 1000,
};

/** Addresses found not to be shareable are remembered (bounded) so they skip the cache at once. */
const MAX_UNSHAREABLE = 1_000;

export interface PageCacheOptions {
  /** The build (or its loader, in development): its version keys the stored pages. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /**
   * The portal's one React Router handler (server/http/react-router-handler.ts): a miss is the
   * visitor's own request rendered by it, with the visitor's load context, at the page's canonical
   * address; a shareable answer is stored, any other is sent to that visitor as it is.
   */
  renderer: Pick<ReactRouterHandler, "render" | "send">;
  /**
   * The session cookie's names (with and without the `__Host-` prefix): the early answer leaves a
   * request that has one to Express, where the cookie counts only if it decrypts.
   */
  sessionCookies: readonly string[];
  store?: PageStore;
  /** For the early answer's log line (the Express path logs through pino-http). */
  logger?: Logger;
  /** A render for the cache takes a slot like any other render (server/http/render-admission.ts). */
  admission?: Pick<RenderAdmission, "slot">;
  /** The overload answer, when no slot comes in time. */
  busy?: (req: Request, res: Response) => void;
  /**
   * Charges a render to the visitor's budget before a miss is rendered: false when it was refused
   * (and answered). Hits are free.
   */
  spendRender?: (req: Request, res: Response) => Promise<boolean>;
  /** Hits, misses and bypasses, and the bytes held (server/observability/portal-metrics.ts). */
  metrics?: PageCacheMetrics;
}

export interface PageCache {
  /** The Express middleware: stores pages, and answers from the store inside the middleware chain. */
  middleware: RequestHandler;
  /**
   * Answers a page-cache hit before Express (an anonymous GET without a query or with exactly
   * `?lang=pt|en`, of a page already answered once by the Express path); false when the request must
   * go through Express.
   */
  serveEarly: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** "sent": the render was not shareable and went to the visitor it was rendered for; "pass": render it again. */
type Outcome = { kind: "page"; page: CachedPage; shared: boolean } | { kind: "pass" } | { kind: "sent" } | { kind: "busy" };

/** A render's result before it is stored: a static document still has to be compressed. */
type Rendered =
  | Outcome
  | { kind: "static"; status: number; body: Buffer; headers: [string, string][]; explicitLanguage: boolean };

/** RFC 9211 Cache-Status, so operators (and tests) can see what the cache did with a request. */
const CACHE_STATUS = "Cache-Status";
const cacheStatus = (detail: string) => `areaoe; ${detail}`;
const HIT = cacheStatus("hit");

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

/** Gzip (compressed at store time) when the visitor takes it, else the page as is. */
function pickEncoding(req: IncomingMessage): "gzip" | "identity" | undefined {
  const encoding = new Negotiator(req).encoding(["gzip", "identity"]);
  return encoding === "gzip" || encoding === "identity" ? encoding : undefined;
}

function bodyFor(page: CachedPage, nonce: string, encoding: "gzip" | "identity"): Buffer {
  const nonceBytes = Buffer.from(nonce);
  if (encoding === "gzip" && page.gzip) return gzipWithNonce(page.gzip, nonceBytes);
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
}

/**
 * Headers the early answer must not copy: they belong to one response. HSTS depends on the request
 * (only over HTTPS) and is added to each response, never frozen from the first visitor's.
 */
const PER_RESPONSE = new Set(["content-length", "content-encoding", "cache-status", "date", "strict-transport-security", "x-request-id"]);

/**
 * The Express path's headers for this page, with the nonce cut out; undefined if a cookie other than
 * the language choice of a `?lang=` address was set. The language cookie is left out: the early
 * answer writes it for each response (its Expires counts from then).
 */
function headerTemplate(res: Response, nonce: string): HeaderTemplate[] | undefined {
  const cookies = res.getHeader("set-cookie");
  const cookieList = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
  if (cookieList.some((cookie) => !cookie.startsWith(`${LANGUAGE_COOKIE}=`))) return undefined;
  // Node's OutgoingMessage has getRawHeaderNames (v15.13+); @types/node declares it on ClientRequest only.
  const { getRawHeaderNames } = OutgoingMessage.prototype as OutgoingMessage & { getRawHeaderNames(): string[] };
  return getRawHeaderNames
    .call(res)
    .filter((name) => !PER_RESPONSE.has(name.toLowerCase()) && name.toLowerCase() !== "set-cookie")
    .flatMap((name) => {
      const value = res.getHeader(name);
      const values = Array.isArray(value) ? value : [String(value)];
      return values.map((one): HeaderTemplate => [name, one.split(nonce)]);
    });
}

/**
 * The language an address chooses for the early answer: none for a plain address, the language of
 * exactly `?lang=pt` or `?lang=en`, or false for any other query (which goes through Express).
 */
export function earlyLanguageQuery(url: string): Language | undefined | false {
  const at = url.indexOf("?");
  if (at < 0) return undefined;
  const query = url.slice(at + 1);
  const prefix = `${LANGUAGE_QUERY}=`;
  const lang = query.startsWith(prefix) ? query.slice(prefix.length) : undefined;
  return isLanguage(lang) ? lang : false;
}

/** Headers the chain set that belong to this response only, and that a stored answer keeps. */
const KEPT_PER_RESPONSE = ["Set-Cookie", "Strict-Transport-Security", CACHE_STATUS, "X-Request-Id"];

/**
 * The per-response headers the chain set (a language or session-clearing cookie, HSTS, Cache-Status),
 * as a flat list; every other header is removed: a static document brings all of its own.
 */
function takePerResponseHeaders(res: Response): string[] {
  const kept: string[] = [];
  for (const name of KEPT_PER_RESPONSE) {
    const value = res.getHeader(name);
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) kept.push(name, one);
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  return kept;
}

/** The chain's headers for a static document (every visitor's: nothing per response), then the page's own. */
function documentHeaders(res: Response, page: globalThis.Response): [string, string][] {
  // Node's OutgoingMessage has getRawHeaderNames (v15.13+); @types/node declares it on ClientRequest only.
  const { getRawHeaderNames } = OutgoingMessage.prototype as OutgoingMessage & { getRawHeaderNames(): string[] };
  const headers: [string, string][] = [];
  for (const name of getRawHeaderNames.call(res) as string[]) {
    const value = res.getHeader(name);
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.push([name, one]);
  }
  for (const [name, value] of page.headers) headers.push([name, value]);
  return headers;
}

function send(req: Request, res: Response, page: CachedPage, nonce: string): void {
  // The stored bytes go out as they are: the compression middleware leaves this answer alone.
  res.locals.encodedOnce = true;
  if (page.document) {
    sendStaticDocument(req, res, page.document, takePerResponseHeaders(res));
    return;
  }
  // Gzip only when the page has its gzip bytes (a page not stored, such as a 503, has none).
  const encoding = page.gzip ? (pickEncoding(req) ?? "identity") : "identity";
  const body = bodyFor(page, nonce, encoding);
  res.status(page.status);
  // As React Router's Express adapter does: the page's headers join those set by earlier middleware
  // (the policy with this response's nonce, Vary, a language cookie).
  for (const [name, value] of page.headers) res.append(name, value);
  res.vary("Accept-Encoding");
  if (encoding === "gzip") res.setHeader("Content-Encoding", "gzip");
  if (page.status === 200 && !page.earlyHeaders) page.earlyHeaders = headerTemplate(res, nonce);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** What the cache's parts share: its store, the renderer and the pages whose answers are never shared. */
interface CacheParts {
  pages: PageStore;
  renderer: Pick<ReactRouterHandler, "render" | "send">;
  unshareable: Set<string>;
}

/**
 * A miss rendered by the one React Router handler at the page's canonical address, with this visitor's
 * nonce, which is cut out of the stored page. An answer that is not shareable goes to this visitor as
 * rendered (and its key is remembered, so later requests bypass the cache); a page of text comes back as a
 * static document (no nonce in it) and is handed on to be compressed and stored.
 */
async function renderMiss({ pages, renderer, unshareable }: CacheParts, req: Request, res: Response, { key, renderPath }: CacheTarget): Promise<Rendered> {
  // The response's nonce is cut out of the stored page: without one (never, after the security
  // headers), the page is not stored.
  const nonce: unknown = res.locals.cspNonce;
  if (typeof nonce !== "string" || nonce.length < 16) return { kind: "pass" };
  let response: globalThis.Response;
  try {
    response = await renderer.render(req, res, { url: renderPath });
  } catch {
    return { kind: "pass" }; // the Express path renders it again and reports the error
  }
  const shared = isShareable(response);
  if (!shared && response.status !== 503) {
    unshareable.add(key);
    if (unshareable.size > MAX_UNSHAREABLE) unshareable.delete(unshareable.values().next().value as string);
    // Rendered for this visitor (their request, their nonce): it is theirs, sent in the render slot.
    res.setHeader(CACHE_STATUS, cacheStatus("fwd=uri-miss; detail=unshareable"));
    await renderer.send(res, response);
    return { kind: "sent" };
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch {
    return { kind: "pass" }; // a render that failed while streaming: the Express path reports it
  }
  const nonceBytes = Buffer.from(nonce);
  // A page of text told the render it is a static document (no nonce in it: see entry.server), and
  // its headers were made a static document's (hashes, no COOP): they are every visitor's.
  if (shared && res.locals.staticDocument && !body.includes(nonceBytes)) {
    const explicitLanguage = renderPath.includes("?");
    return { kind: "static", status: response.status, body, headers: documentHeaders(res, response), explicitLanguage };
  }
  const headers = [...response.headers].filter(([name]) => name !== "content-length");
  const parts = splitOn(body, nonceBytes);
  const page: CachedPage = { status: response.status, headers, parts, bytes: body.length, storedAt: Date.now() };
  if (shared) {
    page.gzip = gzipTemplate(parts);
    pages.set(key, page);
  }
  return { kind: "page", page, shared };
}

/** A static document is compressed (outside the render slot: it is no render) and stored. */
async function storeDocument(pages: PageStore, key: string, rendered: Rendered, buildVersion: string): Promise<Outcome> {
  if (rendered.kind !== "static") return rendered;
  try {
    // The build's id on every static document: the caching edge bans a previous build's pages by it
    // (deploy/varnish/areaoe.vcl, BAN); the ETag already differs per build, but cannot be matched.
    const document = await storeStaticDocument({ ...rendered, headers: [...rendered.headers, [BUILD_HEADER, buildVersion]], buildVersion });
    const page: CachedPage = { status: rendered.status, headers: [], parts: [], document, bytes: document.bytes, storedAt: Date.now() };
    pages.set(key, page);
    return { kind: "page", page, shared: true };
  } catch {
    return { kind: "pass" };
  }
}

/** A miss is rendered in a render slot (a fresh address must not skip the render limit). */
async function admitted(admission: Pick<RenderAdmission, "slot"> | undefined, client: string, work: () => Promise<Rendered>): Promise<Rendered> {
  if (!admission) return work();
  const release = await admission.slot(client);
  if (!release) return { kind: "busy" };
  try {
    return await work();
  } finally {
    release();
  }
}

/** A page that waits for a nonce, answered before Express: the headers the chain sent for it, a fresh nonce. */
function sendEarlyPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, { chosen, secure }: { chosen: Language | undefined; secure: boolean }): boolean {
  const template = page.earlyHeaders;
  const encoding = pickEncoding(req);
  if (!template || !encoding) return false;
  const nonce = newNonce();
  const body = bodyFor(page, nonce, encoding);
  const headers: OutgoingHttpHeader[] = [];
  for (const [name, parts] of template) headers.push(name, parts.length === 1 ? (parts[0] as string) : parts.join(nonce));
  // As the language middleware does: an explicit choice is remembered in the `lang` cookie.
  if (chosen) headers.push("Set-Cookie", languageCookieHeader(chosen, secure));
  if (secure) headers.push("Strict-Transport-Security", HSTS);
  if (encoding === "gzip") headers.push("Content-Encoding", "gzip");
  headers.push(CACHE_STATUS, HIT, REQUEST_ID_HEADER, requestIdOf(req), "Content-Length", String(body.length));
  res.writeHead(page.status, headers);
  res.end(body);
  return true;
}

/**
 * The early answer: the same key as the Express path's (cacheTarget), from the raw request: a GET without
 * a session cookie, with no query or exactly `?lang=pt|en` (the addresses of each page's hreflang
 * alternates and of the switcher), answered from the store before Express, or false.
 */
function earlyAnswer(pages: PageStore, sessionCookies: readonly string[], req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "";
  if ((req.method !== "GET" && req.method !== "HEAD") || hasCookie(req.headers.cookie, sessionCookies)) return false;
  const chosen = earlyLanguageQuery(url);
  if (chosen === false) return false;
  const target = cacheTarget(req.method, url, chosen ?? requestLanguage(undefined, req.headers), requestOrigin(req));
  if (!target) return false;
  const secure = isSecureOrigin(req);
  const page = pages.get(target.key);
  if (!page) return false;
  if (!page.document) return sendEarlyPage(req, res, page, { chosen, secure });
  // Stored as sent: only what depends on this request is added (the explicit choice remembered in
  // the `lang` cookie, as the language middleware does; HSTS for an HTTPS origin).
  const perResponse: string[] = [];
  if (chosen) perResponse.push("Set-Cookie", languageCookieHeader(chosen, secure));
  if (secure) perResponse.push("Strict-Transport-Security", HSTS);
  perResponse.push(CACHE_STATUS, HIT, REQUEST_ID_HEADER, requestIdOf(req));
  sendStaticDocument(req, res, page.document, perResponse);
  return true;
}

/**
 * Anonymous pages rendered once per address, language, origin and build, then served from memory.
 * A miss is rendered by the portal's one React Router handler, for the visitor who asked, at the
 * page's canonical address (a GET: the query that is not part of the page is left out), with that
 * visitor's load context: no session (a request with one never reaches the cache) and that response's
 * nonce, which is cut out of the stored page; each later response gets its own fresh nonce in its place.
 * A page of text comes back as a static document (no nonce at all) and is stored as such. Concurrent
 * first requests share one render. An answer that is not shareable (not 200, private or no-store,
 * setting a cookie) is not stored: it goes to the visitor it was rendered for, and the requests that
 * waited for it go on to the Express path; a 503 (overload) is answered as is to all of them, never kept.
 */
export function createPageCache({ build, renderer, sessionCookies, store, logger, admission, busy, spendRender, metrics }: PageCacheOptions): PageCache {
  const pages = store ?? new PageStore(DEFAULT_PAGE_CACHE_LIMITS);
  metrics?.watch(() => ({ entries: pages.size, bytes: pages.bytesByEncoding() }));
  const parts: CacheParts = { pages, renderer, unshareable: new Set<string>() };
  const pending = new Map<string, Promise<Outcome>>();
  const resolveBuild = typeof build === "function" ? build : () => Promise.resolve(build);

  /** A miss: rendered once for every request that waits for it, then stored; the page, or undefined once answered. */
  async function miss(req: Request, res: Response, next: NextFunction, target: CacheTarget & { key: string }, buildVersion: string): Promise<CachedPage | undefined> {
    let rendering = pending.get(target.key);
    const collapsed = rendering !== undefined;
    // A miss is a render: it costs the visitor's budget (a render already under way for this page is
    // shared, and costs nothing more).
    if (!rendering && spendRender && !(await spendRender(req, res))) return undefined;
    rendering ??= pending.get(target.key);
    if (!rendering) {
      rendering = admitted(admission, clientKey(req), () => renderMiss(parts, req, res, target))
        .then((rendered) => storeDocument(pages, target.key, rendered, buildVersion))
        .finally(() => pending.delete(target.key));
      pending.set(target.key, rendering);
    }
    const outcome = await rendering;
    if (outcome.kind === "busy") {
      res.setHeader(CACHE_STATUS, cacheStatus("fwd=uri-miss; detail=busy"));
      if (busy) busy(req, res);
      else next();
      return undefined;
    }
    // "sent": the visitor who rendered it has its answer; those who waited for it get their own render.
    if (outcome.kind === "pass" || (outcome.kind === "sent" && collapsed)) {
      res.setHeader(CACHE_STATUS, cacheStatus("fwd=uri-miss; detail=unshareable"));
      next();
      return undefined;
    }
    if (outcome.kind === "sent") return undefined;
    res.setHeader(CACHE_STATUS, cacheStatus(`fwd=uri-miss${collapsed ? "; collapsed" : ""}${outcome.shared ? "; stored" : ""}`));
    return outcome.page;
  }

  const middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const target = cacheTargetFor(req, res);
    const key = target?.key;
    if (!target || !key || parts.unshareable.has(key)) {
      res.setHeader(CACHE_STATUS, cacheStatus("fwd=bypass"));
      metrics?.outcome(res, "bypass");
      return next();
    }
    try {
      const buildVersion = (await resolveBuild()).assets.version;
      pages.useBuild(buildVersion);
      const stored = pages.get(key);
      metrics?.outcome(res, stored ? "hit" : "miss");
      if (stored) res.setHeader(CACHE_STATUS, cacheStatus("hit"));
      const page = stored ?? (await miss(req, res, next, { ...target, key }, buildVersion));
      if (page) send(req, res, page, res.locals.cspNonce);
    } catch (error) {
      next(error);
    }
  };

  const serveEarly = (req: IncomingMessage, res: ServerResponse): boolean => {
    const logged = logger?.isLevelEnabled("info") ?? false;
    const started = logged ? performance.now() : 0;
    if (!earlyAnswer(pages, sessionCookies, req, res)) return false;
    metrics?.outcome(res, "hit");
    if (logged) {
      const responseTime = Math.round(performance.now() - started);
      logger?.info({ req: { method: req.method, path: (req.url ?? "").split("?")[0] }, res: { statusCode: res.statusCode }, responseTime, early: true }, "request completed");
    }
    return true;
  };

  return { middleware, serveEarly };
}
