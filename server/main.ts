import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { createPortal } from "./app";
import { loadConfig } from "./config/load-config";
import { createLogger } from "./logger";
import { createPortalServer } from "./http/http-server";
import { loadAuthorityEnvironments } from "./security-header/authority-environments";
import { assertSeparateSandboxKey, loadHeaderSandbox } from "./sandbox/header-sandbox";
import { memorySharedState, type SharedState } from "./shared-state/shared-state";
import { redisSharedState } from "./shared-state/redis-shared-state";
import { readiness as createReadiness } from "./http/readiness";
import { gracefulShutdown } from "./http/graceful-shutdown";

// Production entry: `npm start` runs the built copy of this file (build/server/index.js).
const logger = createLogger();

/** Redis when configured (several instances); else this process's memory, right for one instance only. */
function createSharedState(config: ReturnType<typeof loadConfig>): SharedState {
  if (config.redis) return redisSharedState({ settings: config.redis, logger });
  logger.warn(
    "shared state in this process's memory (no AREAOE_REDIS_URL): right for ONE instance only; with several, set AREAOE_REDIS_URL (README \"Running several instances\")",
  );
  return memorySharedState();
}

async function start(): Promise<void> {
  let config;
  let authorityEnvironments;
  let headerSandbox;
  try {
    config = loadConfig();
    // The authority certificates for the security header; a bad one stops the start (names the field).
    authorityEnvironments = await loadAuthorityEnvironments(config, { log: (message) => logger.warn(message) });
    // The header checker and SOAP sandbox use their own local test key pair (made on first start),
    // never one the generation form offers.
    headerSandbox = await loadHeaderSandbox();
    assertSeparateSandboxKey(headerSandbox, authorityEnvironments.describe().map((environment) => environment.publicKey.n));
  } catch (error) {
    logger.fatal({ err: { message: (error as Error).message } }, "areaOE cannot start");
    console.error((error as Error).message);
    process.exit(1);
  }
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  const previousAssetsDir = process.env.AREAOE_PREVIOUS_ASSETS_DIR || undefined;
  const port = Number.parseInt(process.env.PORT ?? "3000", 10);
  const host = process.env.HOST ?? "0.0.0.0";
  const sharedState = createSharedState(config);
  const readiness = createReadiness(sharedState);
  const { listener } = createPortal({ config, logger, build, clientDir, previousAssetsDir, authorityEnvironments, headerSandbox, port, sharedState, readiness });
  // A request (headers and body) must arrive within 30 s, its headers within 20 s (config `limits`): a
  // client that trickles bytes holds a socket for that long at most (Node's default was 300 s).
  const server = createPortalServer(config.limits, listener).listen(port, host, () => {
    logger.info({ port, host }, `areaOE listening on http://localhost:${port}/areaOE/`);
  });
  // SIGTERM (a deployment, a scale-in) and SIGINT: not ready at once, then drain and exit 0.
  const stop = gracefulShutdown({ server, readiness, sharedState, logger, settings: config.shutdown });
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

await start();
