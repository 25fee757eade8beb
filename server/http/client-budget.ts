import { isIP } from "node:net";
import { createElement } from "react";
import type { Request, Response } from "express";
import { ipKeyGenerator, type Options, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { serverT } from "../../app/server-surface";
import { responseLanguage } from "./language";
import { ErrorPage } from "./plain-error-page";
import { sendServerPage } from "./server-page";

/**
 * One spelling per address, or undefined for a value that is not one: a port is dropped
 * (`1.2.3.7:1`, `[2001:db8::1]:443`), the rest must be an address by `net.isIP` (dotted decimal without
 * leading zeros, so `001.002.003.007` and `16909063` are not), an IPv4-mapped IPv6 address is its IPv4
 * address, and any other IPv6 address is its /56 network in canonical compressed form, as
 * express-rate-limit keys it (a household or a small site gets a /56 or a /64: counting each of its
 * 2^72 addresses apart would give one visitor as many budgets as it likes).
 */
export function canonicalClientAddress(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let address = value.trim();
  const bracketed = /^\[([^\]]{1,64})\](?::\d{1,5})?$/.exec(address);
  if (bracketed?.[1] !== undefined) address = bracketed[1];
  else if (/^[^:]{1,64}:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return ipKeyGenerator(address.replace(/%.*$/, ""));
  return undefined;
}

/**
 * The client a budget is counted for: the address a trusted proxy gave (X-Forwarded-For, as Express's
 * `req.ip` reads it) in its one spelling (canonicalClientAddress), else the socket's address: a value
 * that is not an address never makes a budget of its own.
 */
export const clientKey = (req: Request): string =>
  canonicalClientAddress(req.ip) ?? canonicalClientAddress(req.socket.remoteAddress) ?? "unknown";

export interface ClientBudget {
  /** Takes one unit for this client: undefined when granted, else the seconds until it may try again. */
  take(req: Request): Promise<number | undefined>;
}

export interface ClientBudgetOptions {
  /** The counters (server/shared-state: this process's memory, or a store shared by every instance). */
  store: Store;
  /** Units per second a client may spend on average. */
  perSecond: number;
  /** Units a client may spend at once: the window is burst / perSecond seconds. */
  burst: number;
}

/**
 * A per-client budget counted in express-rate-limit's store: `burst` units in any window of
 * burst / perSecond seconds (10 a second with a burst of 30: 30 in 3 s), so one mechanism counts
 * every limit of the portal and a shared store counts them for every instance.
 */
export function clientBudget({ store, perSecond, burst }: ClientBudgetOptions): ClientBudget & { windowMs: number } {
  const windowMs = Math.max(1_000, Math.round((burst / perSecond) * 1_000));
  store.init?.({ windowMs } as Options);
  return {
    windowMs,
    async take(req) {
      const { totalHits, resetTime } = await store.increment(clientKey(req));
      if (totalHits <= burst) return undefined;
      return Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1_000));
    },
  };
}

/**
 * Refusals (429, and the 503s of a budget) that pino-http must not log one by one: whoever refuses
 * logs one line per client (or per budget) per window itself, so a flood cannot flood the log.
 */
const quiet = new WeakSet<object>();
export const isQuietRefusal = (res: object): boolean => quiet.has(res);
export const markQuietRefusal = (res: object): void => {
  quiet.add(res);
};

/**
 * One log line per key per window at most, whatever the number of events (so a flood of refusals
 * cannot flood the log); bounded in memory (beyond `maxKeys`, keys are forgotten oldest first).
 */
export function oncePerWindow(windowMs: number, { maxKeys = 10_000, now = Date.now } = {}): (key: string) => boolean {
  const last = new Map<string, number>();
  return (key) => {
    const time = now();
    const at = last.get(key);
    if (at !== undefined && time - at < windowMs) return false;
    last.delete(key);
    last.set(key, time);
    if (last.size > maxKeys) last.delete(last.keys().next().value as string);
    return true;
  };
}

/**
 * The answer of a spent budget: 429 with Retry-After in the visitor's language, the server's error
 * page for a browser (it asks for HTML first), else one short line of plain text (scripts, SOAP
 * clients, a flood's tools: the cheapest answer); logged (by pino-http, at info) once per client per window; the others are quiet.
 */
export function tooManyAnswer({ logger, windowMs }: { logger?: Logger; windowMs: number }) {
  const firstOfWindow = oncePerWindow(windowMs);
  return (req: Request, res: Response, retryAfterSeconds: number, what: string): void => {
    const key = `${what} ${clientKey(req)}`;
    if (logger && firstOfWindow(key)) logger.info({ client: clientKey(req), budget: what, retryAfterSeconds }, "refused: a client spent its budget (429)");
    quiet.add(res);
    res.locals.refusedBudget = what;
    const lang = responseLanguage(req, res);
    res.status(429);
    res.setHeader("Retry-After", String(retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Language", lang);
    const message = serverT(lang, "errors", "server")("tooMany", { seconds: retryAfterSeconds });
    if (req.accepts(["text/plain", "text/html"]) === "text/html") {
      sendServerPage(req, res, 429, createElement(ErrorPage, { lang, status: 429, message }));
      return;
    }
    res.type("text/plain; charset=utf-8");
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    res.send(`${message}\n`);
  };
}
