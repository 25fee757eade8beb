import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { apiPath, routedPageAddresses } from "../../app/server-surface";
import type { Settings } from "../config/settings";
import { answerAddress } from "../http/address-answer";
import { canonicalAddresses } from "../http/canonical-address";
import type { Readiness } from "../http/readiness";
import { requestBudget } from "../http/request-budget";
import { normaliseForwardedProto, type protocolReader } from "../http/request-protocol";
import { hostGuard, originsWarning, trustedOrigins } from "../http/trusted-origin";
import type { PortalMetrics } from "../observability/portal-metrics";
import { type RequestContext, requestIdHeader, requestObserver } from "../observability/request-id";
import type { PageCache } from "../page-cache/page-cache";
import type { PeerTrust } from "./peer-trust";
import type { NodeMiddleware } from "./portal-options";

/**
 * The front door: the stages every request meets before the Express app, each a wrapper of the next
 * listener (server/app.ts puts them in order). None of them reads a body or renders.
 */
export type FrontDoorStage = (next: RequestListener) => RequestListener;

// Health and readiness: probed by load balancers by an internal address, never logged one by one.
const PROBES = new Set([apiPath("health"), apiPath("ready")]);
export const isHealthCheck = (req: IncomingMessage) => (req.method === "GET" || req.method === "HEAD") && PROBES.has(req.url ?? "");

/** Every answer, the early ones and the budget's refusals included: its request id (logs, X-Request-Id) and its metrics. */
export function requestIdAndMetrics({ metrics, requestContext, trust }: { metrics: PortalMetrics; requestContext: RequestContext; trust: PeerTrust }): FrontDoorStage {
  return requestObserver({ metrics, context: requestContext, trustedPeer: (req) => trust(req.socket.remoteAddress, 0) });
}

/**
 * X-Request-Id on the response for everything after the front door (Express, its pages and errors);
 * the front door's own answers, before it, write the id with their other headers.
 */
export function requestIdOnResponse(): FrontDoorStage {
  return requestIdHeader;
}

/** Each client's request budget (a flood from one address): before any other work, even the Host check. */
export function clientRequestBudget({ limits, trust, logger }: { limits: Settings["config"]["limits"]; trust: PeerTrust; logger: Logger }): FrontDoorStage {
  return (next) => requestBudget({ perSecond: limits.requestsPerSecond, burst: limits.requestBurst, trust, logger, exempt: isHealthCheck }, next);
}

/** Stopping: each answer closes its connection, so that clients reconnect to another instance. */
export function closeWhenDraining(readiness: Readiness): FrontDoorStage {
  return (next) => (req, res) => {
    if (readiness.draining) res.setHeader("Connection", "close");
    next(req, res);
  };
}

/**
 * The Host check (421 for a foreign Host: nothing, not even a page-cache hit, is answered for it), then
 * one address per resource, before the cache and the render (a 301 to it, or 400/404).
 */
export function hostAndCanonicalAddress({
  settings,
  trust,
  protocolOf,
  logger,
}: {
  settings: Settings;
  trust: PeerTrust;
  protocolOf: ReturnType<typeof protocolReader>;
  logger: Logger;
}): FrontDoorStage {
  const origins = trustedOrigins({ publicOrigins: settings.config.publicOrigins, port: settings.port, trust, protocolOf });
  const warning = originsWarning(origins);
  if (warning) logger.warn(warning);
  else logger.info({ publicOrigins: origins.accepted }, "public origins");
  const hostAllowed = hostGuard(origins, { logger, exempt: isHealthCheck });
  const addresses = canonicalAddresses(routedPageAddresses());
  return (next) => (req, res) => {
    normaliseForwardedProto(req, protocolOf);
    if (!hostAllowed(req, res)) return;
    const verdict = addresses.check(req.url ?? "");
    if (verdict.kind === "ok") return next(req, res);
    answerAddress(req, res, verdict, logger);
  };
}

/**
 * Page-cache hits are answered before the Express app (about 1 ms of CPU per response less), with the
 * headers the chain sent for the page. No cache (AREAOE_PAGE_CACHE=off): nothing to do here.
 */
export function pageCacheEarlyAnswer(pageCache: PageCache | undefined): FrontDoorStage {
  return (next) => (pageCache ? (req, res) => void (pageCache.serveEarly(req, res) || next(req, res)) : next);
}

/** Development only: Vite's middlewares; whatever Vite does not answer goes on to the app. */
export function developmentMiddleware(devMiddleware: NodeMiddleware | undefined, logger: Logger): FrontDoorStage {
  if (!devMiddleware) return (next) => next;
  return (next) => (req: IncomingMessage, res: ServerResponse) => {
    // Vite's base middleware strips the base path from req.url; the app expects the full path.
    const url = req.url;
    devMiddleware(req, res, (error) => {
      req.url = url;
      if (!error) return void next(req, res);
      logger.error({ err: error }, "development middleware failed");
      res.statusCode = 500;
      res.end();
    });
  };
}

/** The stages in the order given, the first one outermost, around the innermost listener. */
export function inOrder(stages: readonly FrontDoorStage[], innermost: RequestListener): RequestListener {
  return stages.reduceRight<RequestListener>((next, stage) => stage(next), innermost);
}
