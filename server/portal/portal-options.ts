import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Settings } from "../config/settings";
import type { AuthorityEnvironments } from "../security-header/authority-environments";
import type { HeaderSandbox } from "../sandbox/header-sandbox";
import type { SharedState } from "../shared-state/shared-state";
import type { Readiness } from "../http/readiness";
import type { PortalMetrics } from "../observability/portal-metrics";
import type { RequestContext } from "../observability/request-id";

/** A connect-style middleware (Vite's, in development). */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface CreatePortalOptions {
  /** The portal's settings (server/config/settings.ts, derived from its records). */
  settings: Settings;
  logger: Logger;
  /** The React Router server build (or a loader of it, in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build; omitted in development, where Vite serves assets. */
  clientDir?: string;
  /** Which build this is (server/main.ts), in GET /areaOE/api/health; default "development". */
  buildId?: string;
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

/** The options with their defaults filled in: what every stage is built from. */
export type PortalParts = Required<Omit<CreatePortalOptions, "clientDir" | "authorityEnvironments" | "devMiddleware">> &
  Pick<CreatePortalOptions, "clientDir" | "authorityEnvironments" | "devMiddleware">;
