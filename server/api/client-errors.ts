import express, { type NextFunction, type Request, type Response, Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import type { Logger } from "pino";

export const MAX_BODY = "64kb";
export const MAX_STACK_CHARS = 8_192;

/** A client error report (SPEC §7), as built by app/features/errors/error-reporter.ts. */
export const clientErrorReportSchema = z
  .object({
    digest: z.string().regex(/^[0-9a-f]{8}$/, "must be 8 hexadecimal digits"),
    message: z.string().max(4_096),
    stack: z.string().max(MAX_STACK_CHARS),
    componentStack: z.string().max(MAX_STACK_CHARS),
    timestamp: z.iso.datetime(),
    userAgent: z.string().max(512),
    url: z.string().max(2_048),
  })
  .strict();

export interface ClientErrorsRouterOptions {
  logger: Logger;
  /** Reports per client per window (default 30 a minute). */
  limit?: number;
  windowMs?: number;
  /** One log line per digest per this window (default 10 minutes). */
  dedupeMs?: number;
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

/** POST /api/client-errors: receives the browser's error reports (mounted under the base path). */
export function clientErrorsRouter({
  logger,
  limit = 30,
  windowMs = 60_000,
  dedupeMs = 10 * 60_000,
  now = Date.now,
}: ClientErrorsRouterOptions): Router {
  const router = Router();
  const firstInWindow = createDigestWindow(dedupeMs, now);
  const limiter = rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => problem(res, 429, "Too many error reports; try again later."),
  });

  router
    .route("/api/client-errors")
    .post(
      limiter,
      (req, res, next) => {
        if (!req.is("application/json")) return problem(res, 415, "The content type must be application/json.");
        next();
      },
      express.json({ limit: MAX_BODY, strict: true }),
      (req, res) => {
        const result = clientErrorReportSchema.safeParse(req.body);
        if (!result.success) {
          const fields = result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
          return problem(res, 400, `Invalid error report: ${fields.join("; ")}`);
        }
        const report = result.data;
        if (firstInWindow(report.digest)) {
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

  // Body parser failures: oversize, malformed JSON, bad encoding.
  router.use("/api/client-errors", (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") return problem(res, 413, `The report is larger than ${MAX_BODY}.`);
    if (type === "entity.parse.failed") return problem(res, 400, "The body is not valid JSON.");
    const status = (error as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return problem(res, status, "The request body cannot be read.");
    }
    next(error);
  });
  return router;
}
