import express, { type NextFunction, type Request, type Response, Router } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { z } from "zod";
import type { Logger } from "pino";
import { bodyDeadline } from "../http/body-deadline";
import { clientKey, markQuietRefusal, oncePerWindow } from "../http/client-budget";
import { errorDigest, redactText, redactUrl, REPORT_LIMITS } from "../../app/server-surface";

export const MAX_BODY = "16kb";
export const MAX_STACK_CHARS = REPORT_LIMITS.stack;

/**
 * A client error report, as built by app/features/errors/error-reporter.ts. The limits are
 * the browser's own (app/features/errors/report-limits.ts). The client's digest is checked for form
 * only: the server computes its own.
 */
export const clientErrorReportSchema = z
  .object({
    digest: z.string().regex(/^[0-9a-f]{8}$/, "must be 8 hexadecimal digits"),
    message: z.string().max(REPORT_LIMITS.message),
    stack: z.string().max(REPORT_LIMITS.stack),
    componentStack: z.string().max(REPORT_LIMITS.componentStack),
    timestamp: z.iso.datetime(),
    userAgent: z.string().max(REPORT_LIMITS.userAgent),
    url: z.string().max(REPORT_LIMITS.url),
  })
  .strict();

export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

/** Characters kept of each line of a report's text, and lines kept, before any regular expression runs. */
export const MAX_LINE_CHARS = 240;
export const MAX_LINES = 40;

/**
 * A stranger's text cut to short lines and few of them. The redaction's regular expressions scan a
 * line from each position where a match may start: on one 4,000-character line of `eyJ-` or `@` that
 * is quadratic (19 ms a report); on lines of 240 characters it is bounded (stack frames are shorter).
 */
export function boundLines(text: string, maxLineChars = MAX_LINE_CHARS, maxLines = MAX_LINES): string {
  const lines = text.split("\n", maxLines + 1);
  const kept = lines.slice(0, maxLines).map((line) => (line.length > maxLineChars ? `${line.slice(0, maxLineChars)}…` : line));
  return lines.length > maxLines ? `${kept.join("\n")}\n…` : kept.join("\n");
}

/**
 * What is logged of a report: the browser's redaction applied again (query strings, credentials,
 * tokens: a report is a stranger's text), and the digest computed here from the message and the
 * throw site, so made-up digests cannot make one error many log lines.
 */
export function serverOwnedReport(report: ClientErrorReport): ClientErrorReport {
  const message = redactText(boundLines(report.message));
  const stack = redactText(boundLines(report.stack));
  return {
    digest: errorDigest(message, stack),
    message,
    stack,
    componentStack: redactText(boundLines(report.componentStack)),
    timestamp: report.timestamp,
    userAgent: redactText(boundLines(report.userAgent, REPORT_LIMITS.userAgent, 1)),
    url: redactUrl(boundLines(report.url, REPORT_LIMITS.url, 1)),
  };
}

export interface ClientErrorsRouterOptions {
  logger: Logger;
  /** Reports per client per window (default 30 a minute). */
  limit?: number;
  windowMs?: number;
  /** One log line per digest per this window (default 10 minutes). */
  dedupeMs?: number;
  /** Reports logged per minute from all clients together (default 60); then one "suppressed" line. */
  globalBudget?: number;
  /**
   * Reports read per second from all clients together (default 20): past it, 503 with Retry-After
   * before the body is read, so many addresses together cannot spend the server's CPU on reports.
   */
  allClientsPerSecond?: number;
  /** How long a report's body may take to arrive (default 10 s): then 408. */
  bodyDeadlineMs?: number;
  /** The counters' store per limit (server/shared-state); default this process's memory. */
  counters?: (name: string) => Store;
  now?: () => number;
}

function problem(res: Response, status: number, message: string): void {
  res.status(status).type("application/json").setHeader("Cache-Control", "no-store");
  res.send(JSON.stringify({ error: message }));
}

/** Remembers recently logged digests so a flood of one error is one log line per window. */
function createDigestWindow(windowMs: number, now: () => number, maxEntries = 5_000) {
  const seen = new Map<string, number>();
  return (digest: string): boolean => {
    const time = now();
    const last = seen.get(digest);
    if (last !== undefined && time - last < windowMs) return false;
    if (seen.size >= maxEntries) {
      for (const [key, at] of seen) if (time - at >= windowMs) seen.delete(key);
      if (seen.size >= maxEntries) seen.clear();
    }
    seen.set(digest, time);
    return true;
  };
}

/**
 * At most `budget` log lines per window from every client together; past it, reports are counted
 * and one line says how many were suppressed, when the window ends.
 */
function createLogBudget(budget: number, windowMs: number, now: () => number, logger: Logger) {
  let windowStart = now();
  let logged = 0;
  let suppressed = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (suppressed > 0) logger.warn({ suppressed, windowMs }, `client error reports: ${suppressed} suppressed (over ${budget} a minute)`);
    suppressed = 0;
  };
  return (): boolean => {
    const time = now();
    if (time - windowStart >= windowMs) {
      if (timer) clearTimeout(timer);
      flush();
      windowStart = time;
      logged = 0;
    }
    if (logged < budget) {
      logged += 1;
      return true;
    }
    suppressed += 1;
    timer ??= setTimeout(flush, Math.max(0, windowStart + windowMs - time)).unref();
    return false;
  };
}

/** The two rate limits in front of the reports: all clients together (503), then each client (429). */
function reportLimits({ logger, limit, windowMs, allClientsPerSecond, counters }: Required<Pick<ClientErrorsRouterOptions, "logger" | "limit" | "windowMs" | "allClientsPerSecond">> & Pick<ClientErrorsRouterOptions, "counters">) {
  const firstRefusal = oncePerWindow(windowMs);
  const allClients = rateLimit({
    windowMs: 1_000,
    limit: allClientsPerSecond,
    ...(counters ? { store: counters("client-error-reports-all-clients") } : {}),
    // One bucket for everybody: the budget is the server's, not a client's.
    keyGenerator: () => "all-clients",
    standardHeaders: false,
    legacyHeaders: false,
    handler: (_req, res) => {
      if (firstRefusal("all-clients")) logger.warn({ budget: "client error reports, all clients", perSecond: allClientsPerSecond }, "refused: error reports over the budget of all clients (503)");
      markQuietRefusal(res);
      res.setHeader("Retry-After", "1");
      problem(res, 503, "Too many error reports from everyone; try again in a second.");
    },
  });
  const perClient = rateLimit({
    windowMs,
    limit,
    ...(counters ? { store: counters("client-error-reports-per-client") } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => {
      if (firstRefusal(clientKey(req))) logger.info({ client: clientKey(req), budget: "client error reports" }, "refused: a client spent its budget (429)");
      markQuietRefusal(res);
      res.setHeader("Retry-After", String(Math.ceil(windowMs / 1_000)));
      problem(res, 429, "Too many error reports; try again later.");
    },
  });
  return { perClient, allClients };
}

/** Body parser failures (oversize, malformed JSON, bad encoding) as problems; anything else goes on. */
function bodyProblems(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  // Already answered (the body deadline's 408): the parser's late "aborted" needs nothing more.
  if (res.headersSent) return;
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") return problem(res, 413, `The report is larger than ${MAX_BODY}.`);
  if (type === "entity.parse.failed") return problem(res, 400, "The body is not valid JSON.");
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) return problem(res, status, "The request body cannot be read.");
  next(error);
}

/** POST /api/client-errors: receives the browser's error reports (mounted under the base path). */
export function clientErrorsRouter({
  logger,
  limit = 30,
  windowMs = 60_000,
  dedupeMs = 10 * 60_000,
  globalBudget = 60,
  allClientsPerSecond = 20,
  bodyDeadlineMs = 10_000,
  counters,
  now = Date.now,
}: ClientErrorsRouterOptions): Router {
  const { perClient, allClients } = reportLimits({ logger, limit, windowMs, allClientsPerSecond, counters });
  const deadline = bodyDeadline({ deadlineMs: bodyDeadlineMs, timedOut: (_req, res) => problem(res, 408, "The report took too long to arrive.") });
  const firstInWindow = createDigestWindow(dedupeMs, now);
  const withinBudget = createLogBudget(globalBudget, 60_000, now, logger);
  const router = Router();
  router
    .route("/api/client-errors")
    .post(
      perClient,
      allClients,
      (req, res, next) => {
        if (!req.is("application/json")) return problem(res, 415, "The content type must be application/json.");
        next();
      },
      deadline,
      express.json({ limit: MAX_BODY, strict: true }),
      (req, res) => {
        const result = clientErrorReportSchema.safeParse(req.body);
        if (!result.success) {
          const fields = result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
          return problem(res, 400, `Invalid error report: ${fields.join("; ")}`);
        }
        const report = serverOwnedReport(result.data);
        if (firstInWindow(report.digest) && withinBudget()) {
          // Only the report: never the request headers (cookies, authorization).
          logger.warn({ clientError: report }, "client error report");
        }
        res.setHeader("Cache-Control", "no-store");
        res.status(204).end();
      },
    )
    .all((_req, res) => {
      res.setHeader("Allow", "POST");
      problem(res, 405, "Use POST.");
    });
  router.use("/api/client-errors", bodyProblems);
  return router;
}
