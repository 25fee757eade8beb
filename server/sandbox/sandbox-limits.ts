import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { markExpectedFault } from "../http/expected-fault";
import { clientKey, markQuietRefusal, oncePerWindow } from "../http/client-budget";
import { responseLanguage } from "../http/language";
import { requestOrigin } from "../http/trusted-origin";
import { pageHref } from "../../app/server-surface";
import { clientFault, sandboxFaultStatus, sandboxFaultText } from "./soap-response";
import { limitsSchema, type Limits } from "../config/schema";

/**
 * The header checks a client may make, and all clients together (each check decrypts an RSA Nonce).
 * The defaults are `limits` of the configuration (server/config/schema.ts, docs/operations.md).
 */
export interface HeaderCheckQuotas {
  /** POST /sandbox/soap per address per minute, without a key: the anonymous tier, for first contact. */
  sandboxPerMinute: number;
  /** POST /sandbox/soap per integrator's key per minute (Authorization: Bearer), whatever the address. */
  sandboxKeyPerMinute: number;
  /** The checker page's POSTs per client per minute (a person pasting a header). */
  checkerPerMinute: number;
  /**
   * Checks started per second from all clients together (per instance), sandbox and checker page: the
   * verification pool's budget, shared in turn (./fair-queue.ts), not a limiter here.
   */
  allClientsPerSecond: number;
}

const LIMIT_DEFAULTS = limitsSchema.parse({});
/** The defaults of the settings (limits.sandboxChecksPerMinute, sandboxKeyChecksPerMinute, checkerChecksPerMinute, headerChecksPerSecondAllClients). */
export const DEFAULT_HEADER_CHECK_QUOTAS: HeaderCheckQuotas = {
  sandboxPerMinute: LIMIT_DEFAULTS.sandboxChecksPerMinute,
  sandboxKeyPerMinute: LIMIT_DEFAULTS.sandboxKeyChecksPerMinute,
  checkerPerMinute: LIMIT_DEFAULTS.checkerChecksPerMinute,
  allClientsPerSecond: LIMIT_DEFAULTS.headerChecksPerSecondAllClients,
};

/** The quotas of the configuration's limits. */
export const headerCheckQuotas = (
  limits: Pick<Limits, "sandboxChecksPerMinute" | "sandboxKeyChecksPerMinute" | "checkerChecksPerMinute" | "headerChecksPerSecondAllClients">,
): HeaderCheckQuotas => ({
  sandboxPerMinute: limits.sandboxChecksPerMinute,
  sandboxKeyPerMinute: limits.sandboxKeyChecksPerMinute,
  checkerPerMinute: limits.checkerChecksPerMinute,
  allClientsPerSecond: limits.headerChecksPerSecondAllClients,
});

/** The policy names of the IETF RateLimit headers (`RateLimit: "sandbox-soap"; r=0; t=42`). */
export const SANDBOX_POLICY = "sandbox-soap";
export const SANDBOX_KEY_POLICY = "sandbox-key";
export const CHECKER_POLICY = "header-checker";

/** Who sends a sandbox request: an address (anonymous tier) or an integrator's key (res.locals.sandboxClient). */
export interface SandboxClient {
  readonly kind: "address" | "key";
  /** The request log's owner and the pool's client: the address, or `key:<id>`. */
  readonly id: string;
  /** The key's public id. */
  readonly apiKeyId?: string;
  /** The key's strict setting. */
  readonly strict: boolean;
  /** Its weight in the pool's turns: its quota against the anonymous one's. */
  readonly weight: number;
}

/** A check the verification pool did not start (full, budget, busy): it is not counted against the client's quota. */
export const markCheckNotStarted = (res: Response): void => {
  res.locals.checkNotStarted = true;
};
const counted = (_req: Request, res: Response): boolean => res.locals.checkNotStarted !== true;

export interface HeaderCheckLimiters {
  /** Before POST /sandbox/soap (after the client is resolved): the address's or the key's quota; refusals are SOAP Faults. */
  sandbox: readonly RequestHandler[];
  /** Before the checker page's POST: its own per-client quota. */
  checker: readonly RequestHandler[];
  readonly quotas: HeaderCheckQuotas;
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

const catalogueFor = (req: Request, lang: string): string => `${requestOrigin(req)}${pageHref("security-header-faults")}?lang=${lang}`;

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
 * The quotas of every route that decrypts a stranger's header. The SOAP sandbox has two tiers: per
 * address without a key (first contact), per key with one (a team's suite, whatever the address);
 * the checker page has its own per-client quota. Each is a fixed window of a minute that may be spent
 * at once (a suite's burst), announced by the IETF RateLimit and RateLimit-Policy headers (draft-8) and
 * counted in the shared state. A check the verification pool did not start (markCheckNotStarted: its
 * room full, the budget of all clients spent) is given back to the quota. The budget of all clients is
 * the pool's (fair turns, ./fair-queue.ts), not a limiter in front of it.
 * The sandbox answers a refusal as a SOAP 1.1 Fault RATE_LIMITED (429) in the request's language; the
 * checker page's refusal is its own page, with the pasted envelope kept (the page's action reads
 * `res.locals.checkRefused`). The bench-only lift (AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT) lifts the
 * per-client quotas only.
 */
export function headerCheckLimiters(
  quotas: Partial<HeaderCheckQuotas> = {},
  {
    windowMs = 60_000,
    lifted = false,
    logger,
    counters,
  }: {
    /** The per-client window (a minute; tests may shorten it). */
    windowMs?: number;
    lifted?: boolean;
    logger?: Logger;
    /** The counters' store per limit (server/shared-state); default this process's memory. */
    counters?: (name: string) => Store;
  } = {},
): HeaderCheckLimiters {
  const all = { ...DEFAULT_HEADER_CHECK_QUOTAS, ...quotas };
  const { sandboxPerMinute, sandboxKeyPerMinute, checkerPerMinute } = all;
  // Each refusal is answered; the log gets one line per client per window.
  const firstRefusal = oncePerWindow(windowMs);
  const windowSeconds = Math.ceil(windowMs / 1_000);
  const clientOf = (res: Response): SandboxClient | undefined => res.locals.sandboxClient;

  const soapRefusal = (limit: number, budget: string) => (req: Request, res: Response) => {
    const client = clientOf(res);
    const who = client?.id ?? clientKey(req);
    // A key's id is public (it is not the key): the log may name it; an address is logged as today.
    if (firstRefusal(`${budget} ${who}`)) logger?.info({ client: who, budget }, "refused: a client spent its budget (429)");
    const lang = responseLanguage(req, res);
    const seconds = resetSecondsOf(res, windowSeconds);
    const message = sandboxFaultText("RATE_LIMITED", lang, { limit, seconds });
    sendFault(res, sandboxFaultStatus("RATE_LIMITED"), clientFault(message, "RATE_LIMITED", catalogueFor(req, lang), lang, { limit, seconds }), lang, seconds);
  };

  const sandboxPerAddress = rateLimit({
    windowMs,
    limit: sandboxPerMinute,
    ...(counters ? { store: counters("sandbox-checks-per-client") } : {}),
    skip: (_req, res) => lifted || clientOf(res)?.kind === "key",
    skipFailedRequests: true,
    requestWasSuccessful: counted,
    identifier: SANDBOX_POLICY,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: soapRefusal(sandboxPerMinute, "sandbox checks"),
  });
  const sandboxPerKey = rateLimit({
    windowMs,
    limit: sandboxKeyPerMinute,
    ...(counters ? { store: counters("sandbox-checks-per-key") } : {}),
    skip: (_req, res) => lifted || clientOf(res)?.kind !== "key",
    keyGenerator: (_req, res) => clientOf(res)?.id ?? "",
    skipFailedRequests: true,
    requestWasSuccessful: counted,
    identifier: SANDBOX_KEY_POLICY,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: soapRefusal(sandboxKeyPerMinute, "sandbox key checks"),
  });
  const checkerPerClient = rateLimit({
    windowMs,
    limit: checkerPerMinute,
    ...(counters ? { store: counters("checker-checks-per-client") } : {}),
    ...(lifted ? { skip: () => true } : {}),
    skipFailedRequests: true,
    requestWasSuccessful: counted,
    identifier: CHECKER_POLICY,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res, next) => {
      if (firstRefusal(`checker ${clientKey(req)}`)) logger?.info({ client: clientKey(req), budget: "checker checks" }, "refused: a client spent its budget (429)");
      // The checker page is read by a person: its own page answers, with the envelope kept (the
      // route's action reads this), never a page that loses what was pasted.
      markQuietRefusal(res);
      res.locals.checkRefused = { status: 429, retryAfterSeconds: resetSecondsOf(res, windowSeconds) };
      next();
    },
  });
  return { sandbox: [sandboxPerAddress, sandboxPerKey], checker: [checkerPerClient], quotas: all };
}
