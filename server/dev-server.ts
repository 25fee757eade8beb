/**
 * The development server, loaded through Vite (server/dev.ts): the same Express app as production
 * (configuration, sign-in, API, security headers), with Vite in middleware mode for hot reloading and
 * the React Router build loaded on each request. Loaded by Vite, not by Node, because the app's modules
 * that the server uses (through app/server-surface.ts) rely on Vite's transforms (import.meta.glob).
 */
import express from "express";
import type { ViteDevServer } from "vite";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { loadConfig } from "./config/load-config";
import { createLogger } from "./logger";
import { loadAuthorityEnvironments } from "./security-header/authority-environments";
import { assertSeparateSandboxKey, loadHeaderSandbox } from "./sandbox/header-sandbox";

export async function startDevServer(vite: ViteDevServer): Promise<void> {
  const logger = createLogger(process.env.LOG_LEVEL ?? "info");
  const config = loadConfig();
  const authorityEnvironments = await loadAuthorityEnvironments(config, { log: (message) => logger.warn(message) });
  const headerSandbox = await loadHeaderSandbox();
  assertSeparateSandboxKey(headerSandbox, authorityEnvironments.describe().map((environment) => environment.publicKey.n));

  const app = createApp({
    config,
    logger,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    authorityEnvironments,
    headerSandbox,
  });

  const outer = express();
  outer.use(vite.middlewares);
  // Vite's base middleware strips /areaOE from req.url; the app expects the full path.
  outer.use((req, _res, next) => {
    req.url = req.originalUrl;
    next();
  });
  outer.use(app);
  const port = Number.parseInt(process.env.PORT ?? "3000", 10);
  outer.listen(port, () => logger.info(`areaOE (development) on http://localhost:${port}/areaOE/`));
}
