import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import * as build from "virtual:react-router/server-build";
import { createPortal } from "./app";
import { loadConfig } from "./config/load-config";
import { createLogger } from "./logger";
import { createPortalServer } from "./http/http-server";
import { loadAuthorityEnvironments } from "./security-header/authority-environments";
import { assertSeparateSandboxKey, loadHeaderSandbox } from "./sandbox/header-sandbox";

// Production entry: `npm start` runs the built copy of this file (build/server/index.js).
const logger = createLogger();

async function start(): Promise<Server> {
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
  const { listener } = createPortal({ config, logger, build, clientDir, previousAssetsDir, authorityEnvironments, headerSandbox, port });
  // A request (headers and body) must arrive within 30 s, its headers within 20 s (config `limits`): a
  // client that trickles bytes holds a socket for that long at most (Node's default was 300 s).
  const server = createPortalServer(config.limits, listener).listen(port, host, () => {
    logger.info({ port, host }, `areaOE listening on http://localhost:${port}/areaOE/`);
  });
  return server;
}

const server = await start();

// Graceful shutdown: stop accepting connections, let requests in flight finish, then exit.
function shutdown(signal: string): void {
  logger.info({ signal }, "shutting down");
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
