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
import type { PortalParts } from "./portal-options";
import type { SandboxStage } from "./sandbox-stage";

export interface LoadContextStage {
  /** What React Router's loaders and actions get for one request (app/load-context.ts). */
  loadContext: (req: Request, res: Response) => ReturnType<typeof createLoadContext>;
  /** Checker posts whose check the verification pool refused (server/sandbox/verification-pool.ts): answered with the busy page. */
  refusedChecks: WeakSet<Response>;
}

/** The header sandbox as the checker page's loader and action see it. */
function checkerSandbox(
  { headerSandbox }: PortalParts,
  { requestLog }: SandboxStage,
  refusedChecks: WeakSet<Response>,
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
    check: async (xml: string, password?: string) => {
      let checked;
      try {
        checked = await requestLog.check(xml, { source: "checker", client: clientKey(req), ...(password === undefined ? {} : { password }) });
      } catch (error) {
        if (!(error instanceof VerificationBusyError)) throw error;
        // The verification pool refused (full, out of time): the answer is the busy page (document-pipeline.ts).
        refusedChecks.add(res);
        throw new globalThis.Response(null, { status: 503 });
      }
      const { traceId, result } = checked;
      if (!res.headersSent) res.setHeader(TRACE_ID_HEADER, traceId);
      return toHeaderCheckOutcome(result, { id: traceId, href: `${BASE_PATH}/sandbox/requests/${traceId}` });
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
  const refusedChecks = new WeakSet<Response>();
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
      securityHeaderSandbox: checkerSandbox(parts, sandbox, refusedChecks, formTarget, req, res),
      ...(typeof requestId === "string" ? { requestId } : {}),
    };
  };
  return { loadContext: (req, res) => createLoadContext(values(req, res)), refusedChecks };
}
