import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { serverT } from "../../app/server-surface";
import { markExpectedFault } from "../http/expected-fault";
import { clientKey, markQuietRefusal, oncePerWindow, tooManyAnswer } from "../http/client-budget";
import { responseLanguage } from "../http/language";
import { requestOrigin } from "../http/trusted-origin";
import { pageHref } from "../../app/server-surface";
import { clientFault, sandboxFaultStatus, sandboxFaultText, serverFault } from "./soap-response";
import { limitsSchema, type Limits } from "../config/schema";

/**
 * The header checks a client may make, and all clients together (each check decrypts an RSA Nonce).
 * The defaults are `limits` of the configuration (server/config/schema.ts, docs/operations.md).
 */
export interface HeaderCheckQuotas {
  /** POST /sandbox/soap per client per minute: the SOAP sandbox's own quota, sized for a test suite. */
  sandboxPerMinute: number;
  /** The checker page's POSTs per client per minute (a person pasting a header). */
  checkerPerMinute: number;
  /** Checks per second from all clients together, sandbox and checker page. */
  allClientsPerSecond: number;
}

const LIMIT_DEFAULTS = limitsSchema.parse({});
/** The defaults of the settings (limits.sandboxChecksPerMinute, checkerChecksPerMinute, headerChecksPerSecondAllClients). */
export const DEFAULT_HEADER_CHECK_QUOTAS: HeaderCheckQuotas = {
  sandboxPerMinute: LIMIT_DEFAULTS.sandboxChecksPerMinute,
  checkerPerMinute: LIMIT_DEFAULTS.checkerChecksPerMinute,
  allClientsPerSecond: LIMIT_DEFAULTS.headerChecksPerSecondAllClients,
};

/** The quotas of the configuration's limits. */
export const headerCheckQuotas = (limits: Pick<Limits, "sandboxChecksPerMinute" | "checkerChecksPerMinute" | "headerChecksPerSecondAllClients">): HeaderCheckQuotas => ({
  sandboxPerMinute: limits.sandboxChecksPerMinute,
  checkerPerMinute: limits.checkerChecksPerMinute,
  allClientsPerSecond: limits.headerChecksPerSecondAllClients,
});

/** The policy names of the IETF RateLimit headers (`RateLimit: "sandbox-soap"; r=0; t=42`). */
export const SANDBOX_POLICY = "sandbox-soap";
export const CHECKER_POLICY = "header-checker";

export interface HeaderCheckLimiters {
  /** Before POST /sandbox/soap: its own per-client quota, then the budget of all clients; refusals are SOAP Faults. */
  sandbox: readonly RequestHandler[];
  /** Before the checker page's POST: its own per-client quota, then the same budget of all clients. */
  checker: readonly RequestHandler[];
}

/**
 * The seconds until a spent window resets, read back from the RateLimit header express-rate-limit has
 * just written (draft-8: `"name"; r=0; t=42`): Retry-After is that same number, so the two agree.
 */
export function resetSecondsOf(res: Response, fallback: number): number {
  const header = res.getHeader("RateLimit");
  const text = Array.isArray(header) ? header.join(", ") : String(header ?? "");
  const seconds = /\bt=(\d+)/.exec(text)?.[1];
  return seconds === undefined ? fallback : Math.max(1, Number(seconds));
}

const catalogueFor = (req: Request): string => `${requestOrigin(req)}${pageHref("security-header-faults")}`;

function sendFault(res: Response, status: number, xml: string, lang: string, retryAfterSeconds: number): void {
  markQuietRefusal(res);
  res.status(status).type("text/xml; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Language", lang);
  res.setHeader("Retry-After", String(retryAfterSeconds));
  if (status >= 500) markExpectedFault(res);
  res.send(xml);
}

/**
 * The limiters of every route that decrypts a stranger's header. The SOAP sandbox and the checker page
 * each have their own per-client quota (a fixed window of a minute, spendable at once: a suite's
 * burst), announced by the IETF RateLimit and RateLimit-Policy headers (draft-8); both then share the
 * budget of all clients (per second: a flood from many addresses is refused before any parse or
 * decryption, so the pages keep their latency; measured by scripts/bench/hostile.bench.ts).
 * The sandbox answers a refusal as a SOAP 1.1 Fault with a catalogue code (RATE_LIMITED 429,
 * SANDBOX_OVERLOADED 503) in the request's language; the checker page's 429 is the HTML page for a
 * person. The bench-only lift (AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT) lifts the per-client quotas
 * only: the budget of all clients always holds.
 */
export function headerCheckLimiters(
  quotas: Partial<HeaderCheckQuotas> = {},
  {
    windowMs = 60_000,
    allClientsWindowMs = 1_000,
    lifted = false,
    logger,
    counters,
  }: {
    /** The per-client window (a minute; tests may shorten it). */
    windowMs?: number;
    /** The window of the budget of all clients (a second). */
    allClientsWindowMs?: number;
    lifted?: boolean;
    logger?: Logger;
    /** The counters' store per limit (server/shared-state); default this process's memory. */
    counters?: (name: string) => Store;
  } = {},
): HeaderCheckLimiters {
  const { sandboxPerMinute, checkerPerMinute, allClientsPerSecond } = { ...DEFAULT_HEADER_CHECK_QUOTAS, ...quotas };
  // Each refusal is answered; the log gets one line per client (or for the shared budget) per window.
  const firstRefusal = oncePerWindow(windowMs);
  const tooMany = tooManyAnswer({ windowMs });
  const soapRequests = new WeakSet<Request>();
  const windowSeconds = Math.ceil(windowMs / 1_000);

  const sandboxPerClient = rateLimit({
    windowMs,
    limit: sandboxPerMinute,
    ...(counters ? { store: counters("sandbox-checks-per-client") } : {}),
    ...(lifted ? { skip: () => true } : {}),
    identifier: SANDBOX_POLICY,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => {
      if (firstRefusal(`sandbox ${clientKey(req)}`)) logger?.info({ client: clientKey(req), budget: "sandbox checks" }, "refused: a client spent its budget (429)");
      const lang = responseLanguage(req, res);
      const seconds = resetSecondsOf(res, windowSeconds);
      const message = sandboxFaultText("RATE_LIMITED", lang, { limit: sandboxPerMinute, seconds });
      sendFault(res, sandboxFaultStatus("RATE_LIMITED"), clientFault(message, "RATE_LIMITED", catalogueFor(req), lang), lang, seconds);
    },
  });
  const checkerPerClient = rateLimit({
    windowMs,
    limit: checkerPerMinute,
    ...(counters ? { store: counters("checker-checks-per-client") } : {}),
    ...(lifted ? { skip: () => true } : {}),
    identifier: CHECKER_POLICY,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => {
      if (firstRefusal(`checker ${clientKey(req)}`)) logger?.info({ client: clientKey(req), budget: "checker checks" }, "refused: a client spent its budget (429)");
      // The checker page is read by a person: the server's 429 page in their language.
      tooMany(req, res, resetSecondsOf(res, windowSeconds), "checker checks");
    },
  });
  const allClients = rateLimit({
    windowMs: allClientsWindowMs,
    limit: allClientsPerSecond,
    ...(counters ? { store: counters("sandbox-checks-all-clients") } : {}),
    // One bucket for everybody: the budget is the server's, not a client's.
    keyGenerator: () => "all-clients",
    // The client's own RateLimit headers stay those of its quota.
    standardHeaders: false,
    legacyHeaders: false,
    handler: (req, res) => {
      if (firstRefusal("all-clients")) logger?.warn({ budget: "header checks, all clients", perSecond: allClientsPerSecond }, "refused: header checks over the budget of all clients (503)");
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + allClientsWindowMs) - Date.now()) / 1_000));
      const lang = responseLanguage(req, res);
      if (soapRequests.has(req)) {
        const message = sandboxFaultText("SANDBOX_OVERLOADED", lang, { limit: allClientsPerSecond, seconds });
        sendFault(res, sandboxFaultStatus("SANDBOX_OVERLOADED"), serverFault(message, "SANDBOX_OVERLOADED", catalogueFor(req), lang), lang, seconds);
        return;
      }
      markQuietRefusal(res);
      res.status(503).type("text/plain; charset=utf-8").setHeader("Cache-Control", "no-store");
      res.setHeader("Retry-After", String(seconds));
      markExpectedFault(res);
      res.send(`${serverT(lang, "security-header", "sandboxLimits")("busy", { seconds })}\n`);
    },
  });
  // (express-rate-limit's `rateLimit` property is overwritten by the next limiter: the budget of all
  // clients runs last, so its handler reads its own.)
  const markSoap: RequestHandler = (req, _res, next) => {
    soapRequests.add(req);
    next();
  };
  return { sandbox: [markSoap, sandboxPerClient, allClients], checker: [checkerPerClient, allClients] };
}
