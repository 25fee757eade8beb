import type { Express, Request, Response } from "express";
import { BASE_PATH } from "../../app/server-surface";
import type { Auth } from "../auth/create-auth";
import { bodyDeadline } from "../http/body-deadline";
import { sendPlainErrorPage } from "../http/plain-error-page";
import { observedRequestLog } from "../observability/observed-sandbox";
import { ANONYMOUS_VIEWER, requestLog as createRequestLog, traceBounds, type TraceViewer } from "../sandbox/request-log";
import { sandboxApiKeys, type SandboxApiKeys } from "../sandbox/sandbox-api-keys";
import { headerCheckLimiters, headerCheckQuotas, sandboxRouter } from "../sandbox/sandbox-router";
import type { PortalParts } from "./portal-options";
import type { SpendRender } from "./render-budget";

/** A body that did not arrive in time: 408 (server/http/body-deadline.ts). */
export const timedOutBody = (req: Request, res: Response) => sendPlainErrorPage(req, res, 408);

export interface SandboxStage {
  /** The checker page's and the SOAP sandbox's quotas (the pool shares the budget of all clients in turn). */
  checkLimiters: ReturnType<typeof headerCheckLimiters>;
  /** Every check (SOAP and checker page) gets a trace id; its decoded trace is kept in the shared state. */
  requestLog: ReturnType<typeof observedRequestLog>;
  /** The integrators' own sandbox keys; absent when sign-in is off (a key belongs to a signed-in person). */
  apiKeys?: SandboxApiKeys;
}

/**
 * The SOAP sandbox and its pages (POST /sandbox/soap, keys, request log), with their own limits and body
 * deadline; its trace pages cost the client a render (`spendRender`), as every page does.
 */
export function sandboxStage(app: Express, { settings, logger, sharedState, headerSandbox, metrics }: PortalParts, { auth, spendRender }: { auth: Auth; spendRender: SpendRender }): SandboxStage {
  const { limits } = settings.config;
  if (!headerSandbox.checkerEnabled) {
    logger.error(
      { reason: headerSandbox.checkerDisabledReason },
      "header checker and SOAP sandbox SWITCHED OFF: this runtime does not do implicit rejection for RSA PKCS#1 v1.5 decryption (Node.js 24 or later is needed)",
    );
  }
  const benchLift = settings.sandboxRateLimitLifted;
  if (benchLift) logger.warn("sandbox rate limit LIFTED for a loopback benchmark (AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT)");
  const quotas = headerCheckQuotas(limits);
  const checkLimiters = headerCheckLimiters(quotas, { lifted: benchLift, logger, counters: (name) => sharedState.counters(name) });
  const requestLog = observedRequestLog(createRequestLog({ sandbox: headerSandbox, state: sharedState, logger, bounds: traceBounds(limits) }), headerSandbox.checkerEnabled, metrics);
  const apiKeys = auth.signInEnabled ? sandboxApiKeys(sharedState) : undefined;
  // The signed-in visitor's own keys: their traces open for them in a browser, without the key.
  const viewerOf = async (req: Request): Promise<TraceViewer> => {
    const user = apiKeys ? await auth.sessionOf(req) : null;
    const owner = user ? auth.ownerIdOf(user) : null;
    if (!apiKeys || !owner) return ANONYMOUS_VIEWER;
    return { apiKeyIds: new Set((await apiKeys.list(owner)).map((key) => key.id)) };
  };
  app.use(
    BASE_PATH,
    sandboxRouter({
      sandbox: headerSandbox,
      requestLog,
      logger,
      limiter: checkLimiters.sandbox,
      quotas,
      ...(apiKeys ? { apiKeys } : {}),
      viewerOf,
      spendRender,
      bodyDeadline: bodyDeadline({ deadlineMs: limits.bodyDeadlineMs, timedOut: timedOutBody }),
    }),
  );
  return { checkLimiters, requestLog, ...(apiKeys ? { apiKeys } : {}) };
}
