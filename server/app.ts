import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import express, { type Request, type Response } from "express";
import compression from "compression";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Settings } from "./config/settings";
import { toPublicConfig } from "./config/public-config";
import { languageMiddleware } from "./http/language";
import { connectSourcesFor, cspNonce, hstsWhenSecure, permissionsPolicy, securityHeaders, staticDocumentHeaders } from "./http/security-headers";
import { clientErrorsRouter } from "./api/client-errors";
import { serverErrorHandler } from "./http/error-handler";
import { pageMethods, wellFormedUrl } from "./http/request-guards";
import { hashedAssetFiles, missingAsset, publicFiles } from "./http/static-assets";
import { createAuth } from "./auth/create-auth";
import type { AuthorityEnvironments } from "./security-header/authority-environments";
import { timeRouter } from "./api/time";
import { authorityCertificatesRouter } from "./api/authority-certificates";
import type { HeaderSandbox } from "./sandbox/header-sandbox";
import { toHeaderCheckOutcome } from "./sandbox/header-check-outcome";
import { HEADER_CHECK_MAX_BODY_BYTES, headerCheckGuard, headerCheckTooLarge } from "./sandbox/header-check-guard";
import { headerCheckLimiters, headerCheckQuotas, sandboxRouter } from "./sandbox/sandbox-router";
import { VerificationBusyError } from "./sandbox/verification-pool";
import { feedsRouter } from "./feeds/feeds-router";
import { requestLog as createRequestLog, TRACE_ID_HEADER } from "./sandbox/request-log";
import {
  apiPath,
  BASE_PATH,
  BASE_URL,
  createLoadContext,
  isUnderBasePath,
  pageHref,
  RENEWAL_REMINDER_PATH,
  TIME_LIMIT_REMINDER_PATH,
  routedPageAddresses,
  setServerLog,
  type AreaOELoadContext,
  type InlineSources,
} from "../app/server-surface";
import { sendPlainErrorPage } from "./http/plain-error-page";
import { createPageCache } from "./page-cache/page-cache";
import { normaliseForwardedProto, protocolReader } from "./http/request-protocol";
import { SESSION_COOKIE_NAMES } from "./auth/session-cookie";
import { canonicalAddresses } from "./http/canonical-address";
import { answerAddress } from "./http/address-answer";
import { clientBudget, clientKey, isQuietRefusal, tooManyAnswer } from "./http/client-budget";
import { bodyDeadline } from "./http/body-deadline";
import { formBodyOnly } from "./http/form-body";
import { memorySharedState, type SharedState } from "./shared-state/shared-state";
import { readLocaleChunks } from "./http/locale-chunks";
import { readStylesheets } from "./http/stylesheets";
import { setServerPageStylesheets } from "./http/server-page";
import { renderAdmission } from "./http/render-admission";
import { sendBusy } from "./http/busy";
import { hostGuard, originsWarning, requestOrigin, trustedOrigins } from "./http/trusted-origin";
import { isExpectedFault } from "./http/expected-fault";
import { readBodyFirst } from "./http/read-body-first";
import { readiness as createReadiness, type Readiness } from "./http/readiness";
import { renewalReminder } from "./http/renewal-reminder";
import { timeLimitReminder } from "./http/time-limit-reminder";
import { reactRouterHandler } from "./http/react-router-handler";
import { requestBudget } from "./http/request-budget";
import { createPortalMetrics, type PortalMetrics } from "./observability/portal-metrics";
import { RequestContext, requestObserver } from "./observability/request-id";
import { observedRequestLog } from "./observability/observed-sandbox";


/** A connect-style middleware (Vite's, in development). */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface CreatePortalOptions {
  /**
   * The parts of the settings the portal reads (server/config/settings.ts): the configuration, the
   * mode, the listening port (with no public origin, loopback on it is answered), the page cache's
   * switch, the demo provider and the bench-only lift of the sandbox's limit.
   */
  settings: Pick<Settings, "config" | "mode" | "port" | "pageCache" | "previousAssetsDir" | "devIdp" | "sandboxRateLimitLifted">;
  logger: Logger;
  /** The React Router server build (or a loader of it, in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build; omitted in development, where Vite serves assets. */
  clientDir?: string;
  /** The authority certificates for the security header form, loaded at start. */
  authorityEnvironments?: AuthorityEnvironments;
  /** The header sandbox (checker page and SOAP endpoint), on its own local TEST key only. */
  headerSandbox: HeaderSandbox;
  /**
   * What every instance must share: used sign-in states, revoked sessions, the counters of every
   * limit (default: this process's memory).
   */
  sharedState?: SharedState;
  /** Readiness for a load balancer (GET /areaOE/api/ready); SIGTERM drains it (server/boot.ts). */
  readiness?: Readiness;
  /**
   * Development only: Vite's middlewares (its client, modules and hot reloading), run after the front
   * door and the early answer, before the portal's Express app. Whatever Vite does not answer goes on.
   */
  devMiddleware?: NodeMiddleware;
  /** The Prometheus metrics (server/observability; default: a registry of this portal's own, never scraped). */
  metrics?: PortalMetrics;
  /** The current request's id for every log line (the logger's mixin reads it; server/boot.ts). */
  requestContext?: RequestContext;
}

/** A 5xx the server chose to send (no error thrown): pino-http made up the Error it would log. */
const isAnswer = (res: ServerResponse, error: Error) =>
  (isExpectedFault(res) || res.statusCode === 503) && error.message.startsWith("failed with status code");

// Health and readiness: probed by load balancers by an internal address, never logged one by one.
const PROBES = new Set([apiPath("health"), apiPath("ready")]);
const SEARCH_PAGE = pageHref("search");
/** A search: the results page asked for words (its empty form is an ordinary page). */
function isSearch(req: Request): boolean {
  const at = req.originalUrl.indexOf("?");
  if (at < 0 || req.originalUrl.slice(0, at) !== SEARCH_PAGE) return false;
  return new URLSearchParams(req.originalUrl.slice(at + 1)).getAll("q").some((words) => words.trim() !== "");
}
const isHealthCheck = (req: IncomingMessage) => (req.method === "GET" || req.method === "HEAD") && PROBES.has(req.url ?? "");

/** Peer addresses whose trust is remembered (the same few for every request: the proxies, or loopback). */
const MAX_REMEMBERED_PEERS = 1_024;

/**
 * The trust of the connecting peer (hop 0), remembered per address: the Host check and the protocol
 * reader both ask it for every request, and proxy-addr parses the address each time (a tenth of the
 * server's own CPU for a stored page). Other hops are asked as they are.
 */
function trustOfPeer(trust: (address: string | undefined, hop: number) => boolean): (address: string | undefined, hop: number) => boolean {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    if (hop !== 0 || address === undefined) return trust(address, hop);
    const remembered = known.get(address);
    if (remembered !== undefined) return remembered;
    const trusted = trust(address, hop);
    if (known.size >= MAX_REMEMBERED_PEERS) known.clear();
    known.set(address, trusted);
    return trusted;
  };
}

/**
 * The portal's request listener, the one request path of production and development: the front door
 * (Host check, canonical addresses), the page cache's early answer, then the Express app, whose page
 * renders all go through one React Router handler. Page-cache hits are answered before the middleware
 * chain (about 1 ms of CPU per response less), with the headers the chain sent for the page.
 */
export function createPortal({
  settings,
  logger,
  build,
  clientDir,
  authorityEnvironments,
  headerSandbox,
  sharedState = memorySharedState(),
  readiness = createReadiness(sharedState),
  devMiddleware,
  metrics = createPortalMetrics(),
  requestContext = new RequestContext(),
}: CreatePortalOptions): { listener: RequestListener } {
  const { config, mode, port, previousAssetsDir } = settings;
  const { limits } = config;
  setServerLog(logger);
  if (!headerSandbox.checkerEnabled) {
    logger.error(
      { reason: headerSandbox.checkerDisabledReason },
      "header checker and SOAP sandbox SWITCHED OFF: this runtime does not do implicit rejection for RSA PKCS#1 v1.5 decryption (Node.js 24 or later is needed)",
    );
  }
  const app = express();
  app.disable("x-powered-by");
  // Parsed by the configuration schema (a hop count, true/false, or addresses/CIDRs); see README.
  app.set("trust proxy", config.trustProxy);
  logger.info({ trustProxy: config.trustProxy }, "trust proxy: X-Forwarded-* headers are read from these peers");
  const trust = trustOfPeer(app.get("trust proxy fn") as Parameters<typeof protocolReader>[0]);
  const protocolOf = protocolReader(trust);
  const origins = trustedOrigins({ publicOrigins: config.publicOrigins, port, trust, protocolOf });
  const warning = originsWarning(origins);
  if (warning) logger.warn(warning);
  else logger.info({ publicOrigins: origins.accepted }, "public origins");
  const hostAllowed = hostGuard(origins, { logger, exempt: isHealthCheck });
  const publicConfig = toPublicConfig(config);
  const auth = createAuth(config, logger, settings.devIdp, sharedState, metrics.auth);
  const addresses = canonicalAddresses(routedPageAddresses());
  // Renders (page-cache misses and everything the cache does not serve) cost each client from its
  // budget; hits are free. One charge per request: a miss the cache passes on is not charged again.
  const renders = clientBudget({ store: sharedState.counters("renders"), perSecond: limits.rendersPerSecond, burst: limits.renderBurst });
  // A search costs a render and more: it also spends from a smaller budget of its own.
  const searches = clientBudget({ store: sharedState.counters("searches"), perSecond: limits.searchesPerSecond, burst: limits.searchBurst });
  const tooMany = tooManyAnswer({ logger, windowMs: Math.max(renders.windowMs, searches.windowMs) });
  const charged = new WeakSet<Request>();
  const spendRender = async (req: Request, res: Response): Promise<boolean> => {
    if (charged.has(req)) return true;
    charged.add(req);
    const renderWait = await renders.take(req);
    const searchWait = renderWait === undefined && isSearch(req) ? await searches.take(req) : undefined;
    const retryAfter = renderWait ?? searchWait;
    if (retryAfter === undefined) return true;
    tooMany(req, res, retryAfter, renderWait === undefined ? "searches" : "renders");
    return false;
  };
  const timedOutBody = (req: Request, res: Response) => sendPlainErrorPage(req, res, 408);
  // Each page preloads its text chunks; their addresses come from the client build's manifest.
  const localeChunks = clientDir ? readLocaleChunks(clientDir) : undefined;
  // Pages carry the portal's stylesheet inline (app/render/portal-stylesheet.tsx).
  const stylesheet = clientDir ? readStylesheets(clientDir) : () => undefined;
  setServerPageStylesheets(stylesheet);

  // The checks before anything else (the request listener below runs them first, for every request).
  const frontDoor = (req: IncomingMessage, res: ServerResponse): boolean => {
    normaliseForwardedProto(req, protocolOf);
    if (!hostAllowed(req, res)) return false;
    // One address per resource, before the cache and the render (a 301 to it, or 400/404).
    const verdict = addresses.check(req.url ?? "");
    if (verdict.kind === "ok") return true;
    answerAddress(req, res, verdict, logger);
    return false;
  };
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: isHealthCheck },
      // A 503 is an overload (a render ran out of time) or an unreachable provider, not a fault; a
      // SOAP Fault's 500 is the sandbox refusing a header (server/http/expected-fault.ts).
      // A spent budget (429) is logged once per client per window by its own line (client-budget.ts).
      customLogLevel: (_req, res, error) =>
        isQuietRefusal(res)
          ? "silent"
          : res.statusCode === 503
            ? "warn"
            : isExpectedFault(res)
              ? "info"
              : error || res.statusCode >= 500
                ? "error"
                : "info",
      customSuccessMessage: (_req, res) => (res.statusCode === 503 ? "overloaded: answered 503 with Retry-After" : "request completed"),
      // pino-http logs every 5xx with an Error ("failed with status code …", a stack): for a 5xx that
      // is an answer (a SOAP Fault, an overload), only the response, and the success message.
      customErrorObject: (_req, res, error, value) =>
        isAnswer(res, error) ? { res: (value as { res: unknown }).res, responseTime: (value as { responseTime: unknown }).responseTime } : value,
      customErrorMessage: (_req, res, error) =>
        !isAnswer(res, error) ? "request errored" : res.statusCode === 503 ? "overloaded: answered 503 with Retry-After" : "request completed",
      serializers: {
        // Only the path: query strings may carry personal data.
        req: (req: { method: string; url: string; id: unknown }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split("?")[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // Scripts and stylesheets that exist are answered before the document headers (they need none of them).
  if (clientDir) app.use(`${BASE_PATH}/assets`, ...hashedAssetFiles(clientDir, previousAssetsDir));
  const connectSrc = connectSourcesFor(config.errorReporting.url);
  app.use(
    cspNonce,
    securityHeaders({ connectSrc }),
    hstsWhenSecure,
    permissionsPolicy,
  );
  app.use(wellFormedUrl);
  // Only this endpoint parses a body, and only it is rate limited.
  app.use(BASE_PATH, clientErrorsRouter({ logger, allClientsPerSecond: limits.errorReportsPerSecond, bodyDeadlineMs: limits.bodyDeadlineMs, counters: (name) => sharedState.counters(name) }));
  app.use(BASE_PATH, timeRouter());
  app.use(BASE_PATH, authorityCertificatesRouter(authorityEnvironments));
  // The Atom feeds of the "What changed" page and of the certificates' and keys' events. The sandbox's
  // key set is a source to wire here (sandboxKeys) once the sandbox publishes one.
  app.use(
    BASE_PATH,
    feedsRouter({
      authorityCertificates: (now) => authorityEnvironments?.certificates(now) ?? [],
      // The sandbox's rotation: each key made valid or retired is an event of the certificates feed.
      sandboxKeys: (now) =>
        headerSandbox.keys(now).map((key) => ({ id: key.id, status: key.status, validFrom: key.validFrom.toISOString(), validUntil: key.validUntil.toISOString(), fingerprintSha256: key.fingerprintSha256 })),
    }),
  );
  // Every route that decrypts a stranger's header: the sandbox's and the checker's own quotas, one budget of all clients.
  const benchLift = settings.sandboxRateLimitLifted;
  if (benchLift) logger.warn("sandbox rate limit LIFTED for a loopback benchmark (AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT)");
  const checkLimiters = headerCheckLimiters(headerCheckQuotas(limits), { lifted: benchLift, logger, counters: (name) => sharedState.counters(name) });
  // Every check (SOAP and checker page) gets a trace id; its decoded trace is kept in the shared state.
  const requestLog = observedRequestLog(createRequestLog({ sandbox: headerSandbox, state: sharedState, logger }), headerSandbox.checkerEnabled, metrics);
  app.use(
    BASE_PATH,
    sandboxRouter({ sandbox: headerSandbox, requestLog, logger, limiter: checkLimiters.sandbox, bodyDeadline: bodyDeadline({ deadlineMs: limits.bodyDeadlineMs, timedOut: timedOutBody }) }),
  );

  app.get("/", (_req, res) => res.redirect(302, BASE_URL));
  // The portal lives under its base path; any other address (/robots.txt, /wp-login.php) is a plain 404
  // here, not a page render that React Router would log as an error.
  app.use((req, res, next) => (isUnderBasePath(req.path) ? next() : sendPlainErrorPage(req, res, 404)));
  app.get(apiPath("health"), (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get(apiPath("ready"), (req, res) => readiness.handler(req, res));

  if (clientDir) {
    app.use(`${BASE_PATH}/assets`, missingAsset);
    app.use(BASE_PATH, publicFiles(clientDir));
  }

  // An answer sent as stored (the page cache's compressed bytes) is not compressed again.
  app.use(compression({ filter: (req, res) => !(res as Response).locals.encodedOnce && compression.filter(req, res) }));
  app.use(BASE_PATH, languageMiddleware);
  // Session cookie, /areaOE/auth/*, /areaOE/api/session and (when switched on) the demo identity provider.
  // Sign-out reads a small form body: it gets the same deadline as every body.
  app.use(bodyDeadline({ deadlineMs: limits.bodyDeadlineMs, timedOut: timedOutBody }));
  app.use(auth.router);
  // The header checker is the one page that takes a POST (its form works without JavaScript).
  // Its body is read whole (size cap, deadline) before the request may take a render slot.
  app.post(
    headerCheckGuard.paths,
    ...checkLimiters.checker,
    readBodyFirst({ maxBytes: HEADER_CHECK_MAX_BODY_BYTES, deadlineMs: limits.bodyDeadlineMs, tooLarge: headerCheckTooLarge }),
    formBodyOnly,
  );
  app.use(pageMethods({ postPaths: headerCheckGuard.paths }));
  // The renewal planner's .ics reminder: a file made here, not a page.
  app.get(RENEWAL_REMINDER_PATH, renewalReminder);
  // The time-limit calculator's .ics reminder, likewise.
  app.get(TIME_LIMIT_REMINDER_PATH, timeLimitReminder);
  // Anonymous pages of text are static documents in a production build: no nonce, their inline
  // elements allowed by hash, no COOP (server/http/security-headers.ts). Development keeps the nonce
  // (Vite's own additions to the page carry it).
  const markStatic = mode === "production" ? staticDocumentHeaders({ connectSrc }) : undefined;
  // Checker posts whose check the verification pool refused (server/sandbox/verification-pool.ts).
  const refusedChecks = new WeakSet<Response>();
  const loadValues = (req: Request, res: Response): AreaOELoadContext => ({
    lang: res.locals.lang,
    cspNonce: res.locals.cspNonce,
    ...(markStatic ? { onStaticDocument: (sources: InlineSources) => markStatic(req, res, sources) } : {}),
    publicConfig,
    origin: requestOrigin(req),
    localeChunks,
    stylesheet,
    ...auth.loadContext(res),
    securityHeaderEnvironments: (now?: Date) => authorityEnvironments?.describe(now) ?? [],
    authorityCertificates: (now?: Date) => authorityEnvironments?.certificates(now) ?? [],
    securityHeaderSandbox: {
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
          // The verification pool refused (full, out of time): the answer is the busy page (below).
          refusedChecks.add(res);
          throw new globalThis.Response(null, { status: 503 });
        }
        const { traceId, result } = checked;
        if (!res.headersSent) res.setHeader(TRACE_ID_HEADER, traceId);
        return toHeaderCheckOutcome(result, { id: traceId, href: `${BASE_PATH}/sandbox/requests/${traceId}` });
      },
    },
  });
  // Anonymous pages are rendered once and served from memory (server/page-cache); everything else is
  // rendered per request. The setting AREAOE_PAGE_CACHE=off turns the cache off (benchmarks compare
  // both; `npm run dev` defaults to off).
  // Renders beyond what the machine can do wait briefly, then get a 503 (never a 500 for being busy).
  // Page-cache misses take their slot here too.
  // Waiting renders are served client by client in turn, and one client may hold at most 16 places.
  const admission = renderAdmission({ maxConcurrent: 8, maxWaitMs: 3_000, maxQueue: 500, maxQueuePerClient: 16, clientOf: clientKey, busy: sendBusy, logger, metrics: metrics.admission });
  // The one React Router handler: the Express path and the page cache's misses render through it.
  const renderer = reactRouterHandler({ build, mode, loadContext: (req, res) => createLoadContext(loadValues(req, res)) });
  const pageCache = settings.pageCache
    ? createPageCache({ build, renderer, sessionCookies: SESSION_COOKIE_NAMES, logger, admission, busy: sendBusy, spendRender, metrics: metrics.pageCache })
    : undefined;
  if (pageCache) app.get(/.*/, pageCache.middleware);
  app.all(/.*/, async (req, res, next) => {
    if (await spendRender(req, res)) next();
  });
  app.all(/.*/, admission);
  // A check the verification pool refused answers the busy page (503, Retry-After), not the render.
  app.post(headerCheckGuard.paths, async (req, res, next) => {
    try {
      const response = await renderer.render(req, res);
      if (!refusedChecks.has(res)) return await renderer.send(res, response);
      await response.body?.cancel();
      sendBusy(req, res);
    } catch (error) {
      next(error);
    }
  });
  app.all(/.*/, renderer.middleware);
  app.use(serverErrorHandler(logger));
  // The Host check comes first: nothing (not even a page-cache hit) is answered for a foreign Host.
  const serve: RequestListener = (req, res) => {
    // Stopping: each answer closes its connection, so that clients reconnect to another instance.
    if (readiness.draining) res.setHeader("Connection", "close");
    if (!frontDoor(req, res)) return;
    if (pageCache?.serveEarly(req, res)) return;
    if (!devMiddleware) return void app(req, res);
    // Vite's base middleware strips the base path from req.url; the app expects the full path.
    const url = req.url;
    devMiddleware(req, res, (error) => {
      req.url = url;
      if (!error) return void app(req, res);
      logger.error({ err: error }, "development middleware failed");
      res.statusCode = 500;
      res.end();
    });
  };
  // Before all of it, even the Host check: each client's request budget (a flood from one address).
  const budgeted = requestBudget({ perSecond: limits.requestsPerSecond, burst: limits.requestBurst, trust, logger, exempt: isHealthCheck }, serve);
  // Every answer, the early ones and the budget's refusals included: its request id (logs, X-Request-Id) and its metrics.
  return { listener: requestObserver({ metrics, context: requestContext, trustedPeer: (req) => trust(req.socket.remoteAddress, 0) })(budgeted) };
}
