import type { RequestListener } from "node:http";
import express from "express";
import { setServerLog } from "../app/server-surface";
import { createAuth } from "./auth/create-auth";
import { serverErrorHandler } from "./http/error-handler";
import { readiness as createReadiness } from "./http/readiness";
import { connectSourcesFor } from "./http/security-headers";
import { createPortalMetrics } from "./observability/portal-metrics";
import { RequestContext } from "./observability/request-id";
import { apis } from "./portal/apis";
import { beforeThePage, rendering, siteBoundary } from "./portal/document-pipeline";
import {
  clientRequestBudget,
  closeWhenDraining,
  developmentMiddleware,
  hostAndCanonicalAddress,
  inOrder,
  pageCacheEarlyAnswer,
  requestIdAndMetrics,
  requestIdOnResponse,
} from "./portal/front-door";
import { loadContextStage } from "./portal/load-context";
import { peerTrust } from "./portal/peer-trust";
import type { CreatePortalOptions, PortalParts } from "./portal/portal-options";
import { requestLogging } from "./portal/request-logging";
import { responseHeaders } from "./portal/response-headers";
import { renderBudget } from "./portal/render-budget";
import { sandboxStage } from "./portal/sandbox-stage";
import { memorySharedState } from "./shared-state/shared-state";

export type { CreatePortalOptions, NodeMiddleware } from "./portal/portal-options";

/** The options with their defaults: a memory shared state, its readiness, metrics never scraped. */
function withDefaults(options: CreatePortalOptions): PortalParts {
  const sharedState = options.sharedState ?? memorySharedState();
  return {
    ...options,
    sharedState,
    buildId: options.buildId ?? "development",
    readiness: options.readiness ?? createReadiness(sharedState),
    metrics: options.metrics ?? createPortalMetrics(),
    requestContext: options.requestContext ?? new RequestContext(),
  };
}

/**
 * The portal's request listener, the one request path of production and development, in named stages
 * (server/portal/, one job each; ARCHITECTURE.md, "The request path"). The order is the point, and
 * test/request-chain.test.ts pins it:
 *
 * 1. The front door, before the Express app, cheapest refusal first: the request id and metrics (on
 *    every answer, refusals included), each client's request budget (a flood is refused before any
 *    other work, even the Host check), the Host check (421: nothing is answered for a foreign Host, not
 *    even a page-cache hit) and the canonical address (301/400/404, before the cache, so that a page is
 *    stored under one spelling only), then the page cache's early answer (a hit costs no middleware).
 * 2. In the Express app: the request log, the response headers, the APIs and the sandbox (each with its
 *    own limits and body deadline), then the site's boundary (404 outside /areaOE).
 * 3. The document pipeline: language, session and /auth, body limits (a body is read whole, capped and
 *    timed, before the request may take a render slot), the page cache, the render budget, admission,
 *    React Router with the load context.
 */
export function createPortal(options: CreatePortalOptions): { listener: RequestListener } {
  const parts = withDefaults(options);
  const { settings, logger, sharedState, metrics } = parts;
  setServerLog(logger);
  const app = express();
  app.disable("x-powered-by");
  const { trust, protocolOf } = peerTrust(app, settings.config, logger);
  const auth = createAuth(settings.config, logger, settings.devIdp, sharedState, metrics.auth);
  const connectSrc = connectSourcesFor(settings.config.errorReporting.url);

  // One render budget per client, spent by every page the portal draws: React Router's, the sandbox's
  // trace pages and the .ics answers.
  const spendRender = renderBudget({ limits: settings.config.limits, sharedState, logger });

  app.use(requestLogging(logger));
  responseHeaders(app, parts, connectSrc);
  apis(app, parts);
  const sandbox = sandboxStage(app, parts, { auth, spendRender });
  siteBoundary(app, parts);
  beforeThePage(app, parts, { auth, sandbox, spendRender });
  const pageCache = rendering(app, parts, { ...loadContextStage(parts, { auth, sandbox, connectSrc }), spendRender });
  app.use(serverErrorHandler(logger));

  const listener = inOrder(
    [
      requestIdAndMetrics({ ...parts, trust }),
      clientRequestBudget({ limits: settings.config.limits, trust, logger }),
      closeWhenDraining(parts.readiness),
      hostAndCanonicalAddress({ settings, trust, protocolOf, logger }),
      pageCacheEarlyAnswer(pageCache),
      requestIdOnResponse(),
      developmentMiddleware(parts.devMiddleware, logger),
    ],
    app,
  );
  return { listener };
}
