import type { Express, Request, Response } from "express";
import { BASE_PATH } from "../../app/server-surface";
import { bodyDeadline } from "../http/body-deadline";
import { sendPlainErrorPage } from "../http/plain-error-page";
import { observedRequestLog } from "../observability/observed-sandbox";
import { requestLog as createRequestLog } from "../sandbox/request-log";
import { headerCheckLimiters, headerCheckQuotas, sandboxRouter } from "../sandbox/sandbox-router";
import type { PortalParts } from "./portal-options";

/** A body that did not arrive in time: 408 (server/http/body-deadline.ts). */
export const timedOutBody = (req: Request, res: Response) => sendPlainErrorPage(req, res, 408);

export interface SandboxStage {
  /** The checker page's and the SOAP sandbox's quotas, one budget of all clients. */
  checkLimiters: ReturnType<typeof headerCheckLimiters>;
  /** Every check (SOAP and checker page) gets a trace id; its decoded trace is kept in the shared state. */
  requestLog: ReturnType<typeof observedRequestLog>;
}

/** The SOAP sandbox and its pages (POST /sandbox/soap, keys, request log), with their own limits and body deadline. */
export function sandboxStage(app: Express, { settings, logger, sharedState, headerSandbox, metrics }: PortalParts): SandboxStage {
  const { limits } = settings.config;
  if (!headerSandbox.checkerEnabled) {
    logger.error(
      { reason: headerSandbox.checkerDisabledReason },
      "header checker and SOAP sandbox SWITCHED OFF: this runtime does not do implicit rejection for RSA PKCS#1 v1.5 decryption (Node.js 24 or later is needed)",
    );
  }
  const benchLift = settings.sandboxRateLimitLifted;
  if (benchLift) logger.warn("sandbox rate limit LIFTED for a loopback benchmark (AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT)");
  const checkLimiters = headerCheckLimiters(headerCheckQuotas(limits), { lifted: benchLift, logger, counters: (name) => sharedState.counters(name) });
  const requestLog = observedRequestLog(createRequestLog({ sandbox: headerSandbox, state: sharedState, logger }), headerSandbox.checkerEnabled, metrics);
  app.use(
    BASE_PATH,
    sandboxRouter({ sandbox: headerSandbox, requestLog, logger, limiter: checkLimiters.sandbox, bodyDeadline: bodyDeadline({ deadlineMs: limits.bodyDeadlineMs, timedOut: timedOutBody }) }),
  );
  return { checkLimiters, requestLog };
}
