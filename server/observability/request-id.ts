import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
import type { PortalMetrics } from "./portal-metrics";
import { routeKinds } from "./route-kind";

/** The header that carries a request's id: read from the trusted proxy, sent back on every answer. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * A proxy's request id is taken as it is only when it looks like one: 1 to 128 characters of letters,
 * digits and `. _ : - + = @ /` (a UUID, HAProxy's unique-id-format, a ULID, a trace id). Anything else
 * (spaces, quotes, control characters, a novel) is replaced by an id of our own.
 */
const VALID_REQUEST_ID = /^[\w.:+=@/-]{1,128}$/;

export function isValidRequestId(value: unknown): value is string {
  return typeof value === "string" && VALID_REQUEST_ID.test(value);
}

/**
 * The id of the request being answered, for every log line written while it is (the logger's mixin,
 * server/logger.ts): an AsyncLocalStorage made once by boot and handed to the logger and the portal.
 */
export class RequestContext {
  private readonly storage = new AsyncLocalStorage<string>();

  /** The current request's id (undefined outside a request: start, shutdown, timers). */
  readonly currentId = (): string | undefined => this.storage.getStore();

  run<A extends unknown[]>(id: string, work: (...args: A) => void, ...args: A): void {
    this.storage.run(id, work, ...args);
  }
}

export interface RequestObserverOptions {
  metrics: PortalMetrics;
  context: RequestContext;
  /** Whether the connecting peer is a trusted proxy (the TRUST_PROXY rule): only then is its X-Request-Id taken. */
  trustedPeer: (req: IncomingMessage) => boolean;
}

/** This request's id (requestObserver gave it one), for an answer that writes its headers at once. */
export function requestIdOf(req: IncomingMessage): string {
  return typeof req.id === "string" ? req.id : String(req.id ?? "");
}

/**
 * The request's id in the response's X-Request-Id, set for whatever answers next (server/app.ts puts it
 * after the front door's own answers, which write it with the rest of their headers: requestIdOf). Not
 * set by requestObserver itself: a header set before writeHead makes Node merge every other header of
 * the answer into it one by one, which cost a page-cache hit a fifth of its CPU (docs/scaling.md).
 */
export function requestIdHeader(listener: RequestListener): RequestListener {
  return (req, res) => {
    res.setHeader(REQUEST_ID_HEADER, requestIdOf(req));
    listener(req, res);
  };
}

/**
 * Wraps the portal's request listener (server/app.ts): gives every request its id (the trusted proxy's
 * valid X-Request-Id, else a new UUID) in `req.id` (pino-http logs it; requestIdHeader and the front
 * door's answers send it as X-Request-Id) and in the context every log line reads; and records its
 * duration and kind when its answer is written, whatever answered it (the front door, the page
 * cache's early answer, Express). The duration runs from the request's first handling to the moment
 * its last byte is handed to the socket.
 */
export function requestObserver({ metrics, context, trustedPeer }: RequestObserverOptions): (listener: RequestListener) => RequestListener {
  const kindOf = routeKinds();
  return (listener) => (req, res) => {
    // (The clock is read only for the metrics: a stored page's answer is a few tens of microseconds.)
    const started = metrics.enabled ? performance.now() : 0;
    const url = req.url ?? "";
    const offered = req.headers["x-request-id"];
    const id = offered !== undefined && isValidRequestId(offered) && trustedPeer(req) ? offered : randomUUID();
    req.id = id;
    if (!metrics.enabled) return void context.run(id, listener, req, res);
    metrics.startResponse(res);
    context.run(id, listener, req, res);
    // An answer written at once (a page-cache hit before Express, a front-door refusal) is recorded
    // now: no listener per response on the hot path. Any other when its last byte is written.
    const done = () => metrics.request(kindOf(url), req.method, res, (performance.now() - started) / 1_000);
    if (res.writableEnded) done();
    else res.once("finish", done);
  };
}
