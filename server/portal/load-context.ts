import type { Request, Response } from "express";
import { BASE_PATH, createLoadContext, type AreaOELoadContext, type AuthorityEnvironment, type InlineSources } from "../../app/server-surface";
import type { createAuth } from "../auth/create-auth";
import { toPublicConfig } from "../config/public-config";
import { clientKey } from "../http/client-budget";
import { readIslandAssets } from "../http/island-assets";
import { staticDocumentHeaders, withoutOpenerPolicy } from "../http/security-headers";
import { setServerPageStylesheets } from "../http/server-page";
import { readStylesheets } from "../http/stylesheets";
import { REQUEST_ID_HEADER } from "../observability/request-id";
import { requestOrigin } from "../http/trusted-origin";
import { toHeaderCheckOutcome } from "../sandbox/header-check-outcome";
import { TRACE_ID_HEADER } from "../sandbox/request-log";
import { sandboxFormTarget } from "../sandbox/sandbox-form-target";
import { VerificationBusyError } from "../sandbox/verification-pool";
import { markCheckNotStarted } from "../sandbox/sandbox-limits";
import { SANDBOX_BUSY_RETRY_AFTER_SECONDS } from "../sandbox/sandbox-router";
import { sandboxKeysContext } from "../sandbox/sandbox-keys-context";
import type { PortalParts } from "./portal-options";
import type { SandboxStage } from "./sandbox-stage";

export interface LoadContextStage {
  /** What React Router's loaders and actions get for one request (app/load-context.ts). */
  loadContext: (req: Request, res: Response) => ReturnType<typeof createLoadContext>;
}

/** The header sandbox as the checker page's loader and action see it. */
function checkerSandbox(
  { headerSandbox }: PortalParts,
  { requestLog, checkLimiters }: SandboxStage,
  formTarget: () => AuthorityEnvironment | null,
  req: Request,
  res: Response,
): AreaOELoadContext["securityHeaderSandbox"] {
  return {
    formTarget,
    certificate: headerSandbox.certificate,
    keys: () =>
      headerSandbox.keys().map((key) => ({
        id: key.id,
        status: key.status,
        validFrom: key.validFrom.toISOString(),
        validUntil: key.validUntil.toISOString(),
        fingerprintSha256: key.fingerprintSha256,
        pemHref: `${BASE_PATH}/sandbox/keys/${key.id}.pem`,
        derHref: `${BASE_PATH}/sandbox/keys/${key.id}.cer`,
      })),
    enabled: headerSandbox.checkerEnabled,
    // The checker page's quota refused this post (sandbox-limits.ts let it through): the page says so.
    refusal: () => {
      const refused = res.locals.checkRefused;
      return refused ? { status: refused.status, retryAfterSeconds: refused.retryAfterSeconds, ...(refused.status === 429 ? { limit: checkLimiters.quotas.checkerPerMinute } : {}) } : null;
    },
    check: async (xml: string, password?: string) => {
      let checked;
      const client = clientKey(req);
      try {
        // The checker page's own lane of the pool: people keep a share while programs flood the sandbox.
        checked = await requestLog.check(xml, { source: "checker", client: { id: client }, admission: { lane: "checker", client, quotaPerSecond: checkLimiters.quotas.checkerPerMinute / 60 }, ...(password === undefined ? {} : { password }) });
      } catch (error) {
        if (!(error instanceof VerificationBusyError)) throw error;
        // The pool had no turn for it: not counted against the quota; the page keeps the envelope.
        markCheckNotStarted(res);
        return { refused: { status: 503, retryAfterSeconds: SANDBOX_BUSY_RETRY_AFTER_SECONDS } };
      }
      const { traceId, result } = checked;
      if (!res.headersSent) res.setHeader(TRACE_ID_HEADER, traceId);
      return toHeaderCheckOutcome(result, { id: traceId, href: `${BASE_PATH}/sandbox/requests/${traceId}${res.locals.lang ? `?lang=${res.locals.lang}` : ""}` });
    },
  };
}

/**
 * The load context: the request's language, nonce, origin and session, the public configuration, the
 * islands' build and the client build's stylesheet, the authority's certificates and the header sandbox.
 */
export function loadContextStage(parts: PortalParts, { auth, sandbox, connectSrc }: { auth: ReturnType<typeof createAuth>; sandbox: SandboxStage; connectSrc: string[] }): LoadContextStage {
  const { settings, clientDir, authorityEnvironments } = parts;
  const publicConfig = toPublicConfig(settings.config);
  // A page with islands lists their files and inlines the loader, from the islands' build.
  const islandAssets = clientDir ? readIslandAssets(clientDir) : undefined;
  // Pages carry the portal's stylesheet inline (app/render/portal-stylesheet.tsx).
  const stylesheet = clientDir ? readStylesheets(clientDir) : () => undefined;
  setServerPageStylesheets(stylesheet);
  // Anonymous pages of text are static documents in a production build: no nonce, their inline
  // elements allowed by hash, no COOP (server/http/security-headers.ts). Development keeps the nonce
  // (Vite's own additions to the page carry it).
  const markStatic = settings.mode === "production" ? staticDocumentHeaders({ connectSrc }) : undefined;
  const formTarget = sandboxFormTarget(parts.headerSandbox);
  const values = (req: Request, res: Response): AreaOELoadContext => {
    const requestId = res.getHeader(REQUEST_ID_HEADER);
    return {
      lang: res.locals.lang,
      cspNonce: res.locals.cspNonce,
      ...(markStatic ? { onStaticDocument: (sources: InlineSources) => markStatic(req, res, sources) } : {}),
      withoutOpenerPolicy: () => withoutOpenerPolicy(res),
      publicConfig,
      origin: requestOrigin(req),
      islandAssets,
      stylesheet,
      ...auth.loadContext(res),
      securityHeaderEnvironments: (now?: Date) => authorityEnvironments?.describe(now) ?? [],
      authorityCertificates: (now?: Date) => authorityEnvironments?.certificates(now) ?? [],
      securityHeaderSandbox: checkerSandbox(parts, sandbox, formTarget, req, res),
      ...(sandbox.apiKeys ? { sandboxKeys: sandboxKeysContext({ apiKeys: sandbox.apiKeys, requestLog: sandbox.requestLog, auth, limits: settings.config.limits, session: res.locals.session ?? null, lang: res.locals.lang }) } : {}),
      ...(typeof requestId === "string" ? { requestId } : {}),
    };
  };
  return { loadContext: (req, res) => createLoadContext(values(req, res)) };
}
