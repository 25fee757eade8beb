import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import type { Logger } from "pino";
import { createPortal, type NodeMiddleware } from "./app";
import type { Settings } from "./config/settings";
import { createLogger } from "./logger";
import { createPortalServer } from "./http/http-server";
import { loadAuthorityEnvironments } from "./security-header/authority-environments";
import { assertSeparateSandboxKey, loadHeaderSandbox } from "./sandbox/header-sandbox";
import { createVerificationPool, verificationPoolLimits } from "./sandbox/verification-pool";
import { memorySharedState, type SharedState } from "./shared-state/shared-state";
import { redisSharedState } from "./shared-state/redis-shared-state";
import { readiness as createReadiness } from "./http/readiness";
import { gracefulShutdown } from "./http/graceful-shutdown";
import { createPortalMetrics, disabledPortalMetrics, type PortalMetrics } from "./observability/portal-metrics";
import { RequestContext } from "./observability/request-id";
import { startMetricsServer } from "./observability/metrics-server";
import { previousAssetsProblem } from "./http/static-assets";
import { BASE_URL } from "../app/server-surface";

export interface BootOptions {
  /** The React Router server build: the built one (`npm start`), or Vite's loader of it (`npm run dev`). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build; omitted in development, where Vite serves assets. */
  clientDir?: string;
  /** Development only: Vite's middlewares, behind the same front door and early answer (server/app.ts). */
  devMiddleware?: NodeMiddleware;
  /** Said in the start log line ("development" for `npm run dev`). */
  label?: string;
  /** Which build this is (server/build-id.ts: a hash of every file of the build); default "development". */
  buildId?: string;
  /**
   * The verification pool's worker module: the built one (`npm start`: build/server/verification-worker.js);
   * default the source one (server/sandbox/verification-worker.ts, `npm run dev`).
   */
  verificationWorker?: string;
}

/** Redis when configured (several instances); else this process's memory, right for one instance only. */
function createSharedState(settings: Settings, logger: Logger, metrics: PortalMetrics): SharedState {
  if (settings.config.redis) return redisSharedState({ settings: settings.config.redis, logger, metrics: metrics.sharedState });
  logger.warn(
    "shared state in this process's memory (no AREAOE_REDIS_URL): right for ONE instance only; with several, set AREAOE_REDIS_URL (README \"Running several instances\")",
  );
  return memorySharedState();
}

/**
 * The one start of the portal, for `npm start` (server/main.ts) and `npm run dev` (server/dev-server.ts):
 * the authority certificates, the header sandbox's own key, the shared state and readiness, the
 * portal's request listener, the listening server with its limits, and the drain on SIGTERM/SIGINT.
 * A start that cannot work (a bad certificate, a sandbox key the form also offers) logs why and exits 1.
 */
export async function boot(settings: Settings, { build, buildId = "development", clientDir, devMiddleware, label = "", verificationWorker }: BootOptions): Promise<Server> {
  // Every log line written while a request is answered carries its id (server/observability/request-id.ts).
  const requestContext = new RequestContext();
  const logger = createLogger(settings.logLevel, { requestId: requestContext.currentId });
  // Prometheus metrics, with the process's own (event-loop lag, heap, CPU): served on their own port;
  // none at all (nothing recorded) when AREAOE_METRICS_PORT=off.
  const metrics = settings.metrics ? createPortalMetrics({ processMetrics: true }) : disabledPortalMetrics();
  // The previous build's assets, when named: a missing or wrong folder stops the start, named, before
  // anything is loaded.
  if (settings.previousAssetsDir) {
    const problem = previousAssetsProblem(settings.previousAssetsDir, clientDir);
    if (problem) {
      logger.fatal({ previousAssetsDir: settings.previousAssetsDir }, problem);
      console.error(problem);
      process.exit(1);
    }
  }
  let authorityEnvironments;
  let headerSandbox;
  try {
    // The authority certificates for the security header; a bad one stops the start (names the field).
    authorityEnvironments = await loadAuthorityEnvironments(settings.config, { log: (message) => logger.warn(message) });
    // The header checker and SOAP sandbox use their own local test key pair (made on first start),
    // never one the generation form offers.
    // Its three keys (retired, current, next) are made on first start, asynchronously (4096-bit keys
    // take a second or more each: the three are searched for together), then read back from the disk.
    // Their RSA decryptions run in a bounded pool of worker threads, never on the event loop.
    const pool = createVerificationPool({ limits: verificationPoolLimits(settings.config.limits), workerFile: verificationWorker, logger });
    headerSandbox = await loadHeaderSandbox(undefined, undefined, { pool, log: (message, fields) => logger.info(fields ?? {}, message) });
    assertSeparateSandboxKey(headerSandbox, authorityEnvironments.describe().map((environment) => environment.publicKey.n));
  } catch (error) {
    logger.fatal({ err: { message: (error as Error).message } }, "areaOE cannot start");
    console.error((error as Error).message);
    process.exit(1);
  }
  const sharedState = createSharedState(settings, logger, metrics);
  const readiness = createReadiness(sharedState);
  metrics.buildInfo(buildId);
  const environments = authorityEnvironments;
  metrics.watchCertificates(() => environments.certificates());
  const { listener } = createPortal({ settings, logger, build, buildId, clientDir, authorityEnvironments, headerSandbox, sharedState, readiness, devMiddleware, metrics, requestContext });
  const { port, host } = settings;
  // A request (headers and body) must arrive within 30 s, its headers within 20 s (config `limits`): a
  // client that trickles bytes holds a socket for that long at most (Node's default was 300 s).
  const server = createPortalServer(settings.config.limits, listener).listen(port, host, () => {
    logger.info(
      { port, host, mode: settings.mode, pageCache: settings.pageCache, build: buildId, previousAssetsDir: settings.previousAssetsDir },
      `areaOE${label ? ` (${label})` : ""} build ${buildId} listening on http://localhost:${port}${BASE_URL}`,
    );
  });
  metrics.watchConnections(server);
  metrics.watchVerificationPool(headerSandbox.pool);
  // Never through the public port (which answers 404 for the path) nor the load balancer's backend.
  if (settings.metrics) startMetricsServer({ registry: metrics.registry, ...settings.metrics, logger });
  // SIGTERM (a deployment, a scale-in) and SIGINT: not ready at once, then drain and exit 0.
  const stop = gracefulShutdown({ server, readiness, sharedState, verificationPool: headerSandbox.pool, logger, settings: settings.config.shutdown });
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}
