import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { MemoryStore, type Options } from "express-rate-limit";
import proxyaddr from "proxy-addr";
import type { Logger } from "pino";
import { serverT } from "../../app/server-surface";
import { canonicalClientAddress, oncePerWindow } from "./client-budget";
import { requestLanguage } from "./language";
import { REQUEST_ID_HEADER, requestIdOf } from "../observability/request-id";

export interface RequestBudgetOptions {
  /** Requests per second one client (one address, client-budget.ts) may make on average; 0: no budget. */
  perSecond: number;
  /** Requests one client may make at once: the window is burst / perSecond seconds. */
  burst: number;
  /** The trust of each hop (Express's compiled `trust proxy`): whose X-Forwarded-For is read. */
  trust: (address: string, hop: number) => boolean;
  logger?: Logger;
  /** Requests never counted (a load balancer's health and readiness probes). */
  exempt?: (req: IncomingMessage) => boolean;
}

/**
 * The client of a raw request (before Express): the address the trusted proxies give (proxy-addr, as
 * Express's `req.ip`), in its one spelling, else the socket's.
 */
export function rawClientKey(req: IncomingMessage, trust: RequestBudgetOptions["trust"]): string {
  return canonicalClientAddress(proxyaddr(req, trust)) ?? canonicalClientAddress(req.socket.remoteAddress) ?? "unknown";
}

/**
 * Every request's first step (before the Host check, the page cache's early answer and Express): one
 * unit from its client's budget, `burst` requests in any window of burst / perSecond seconds. Past
 * it, the cheapest answer: 429, Retry-After, one line of plain text in the visitor's language and
 * `Connection: close` (a flood must open a new connection for its next request). For a deployment
 * without a per-address limit at its edge (deploy/haproxy.cfg has one); generous, as one address may
 * be a whole office behind NAT. Counted in this process's memory, never in Redis: a cached page
 * touches no Redis command (docs/decisions/0005), and the limit protects this instance's CPU. Logged
 * once per client per window, never per refusal.
 */
export function requestBudget({ perSecond, burst, trust, logger, exempt }: RequestBudgetOptions, serve: RequestListener): RequestListener {
  if (perSecond === 0) return serve;
  const windowMs = Math.max(1_000, Math.round((burst / perSecond) * 1_000));
  const store = new MemoryStore();
  store.init({ windowMs } as Options);
  const firstOfWindow = oncePerWindow(windowMs);
  const messages = new Map<string, string>();
  const refuse = (req: IncomingMessage, res: ServerResponse, client: string, retryAfter: number) => {
    if (logger && firstOfWindow(client)) logger.info({ client, budget: "requests", retryAfterSeconds: retryAfter }, "refused: a client spent its budget (429)");
    const query = /[?&]lang=(pt|en)(?:&|$)/.exec(req.url ?? "")?.[1];
    const lang = requestLanguage(query, req.headers);
    const id = `${lang} ${retryAfter}`;
    let message = messages.get(id);
    if (message === undefined) {
      message = `${serverT(lang, "errors", "server")("tooMany", { seconds: retryAfter })}\n`;
      if (messages.size < 256) messages.set(id, message);
    }
    const body = req.method === "HEAD" ? "" : message;
    res.writeHead(429, {
      [REQUEST_ID_HEADER]: requestIdOf(req),
      "Retry-After": String(retryAfter),
      "Cache-Control": "no-store",
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Language": lang,
      "Content-Length": String(Buffer.byteLength(message)),
      Connection: "close",
    });
    res.end(body);
  };
  return (req, res) => {
    if (exempt?.(req)) return void serve(req, res);
    const client = rawClientKey(req, trust);
    store.increment(client).then(
      ({ totalHits, resetTime }) => {
        if (totalHits <= burst) return void serve(req, res);
        refuse(req, res, client, Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1_000)));
      },
      // The memory store does not fail; if it did, the request is served (the other limits still hold).
      () => serve(req, res),
    );
  };
}
