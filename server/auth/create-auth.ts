import { createHmac, hkdfSync } from "node:crypto";
import express, { type Request, type Response, type NextFunction, type Router } from "express";
import type { Logger } from "pino";
import type { AppConfig } from "../config/schema";
import type { Settings } from "../config/settings";
import { BASE_PATH, SESSION_API_PATH, type SessionUser } from "../../app/server-surface";
import { resolveAuthSettings } from "./auth-settings";
import { authRateLimit, authRoutes, clearSessionCookie } from "./auth-routes";
import { sessionEndpoint } from "./session-api";
import { cookieName, deriveCookieKeys, openSessionToken, SESSION_COOKIE } from "./session-cookie";
import { readCookie } from "../http/cookies";
import { isSecureOrigin } from "../http/trusted-origin";
import { memorySharedState, SharedStateUnavailable, type SharedState } from "../shared-state/shared-state";
import { usedStates } from "./used-states";
import { revokedSessions } from "./revoked-sessions";
import type { AuthMetrics } from "../observability/portal-metrics";

export interface Auth {
  /** Session reading, /areaOE/auth/*, /areaOE/api/session and (if on) the demo provider. */
  router: Router;
  /** Whether sign-in works at all (an identity provider, or the demo's). */
  readonly signInEnabled: boolean;
  /**
   * What loaders see: the visitor (or null), whether a session cookie could not be checked now (the
   * shared state does not answer: the page says so), whether sign-in works at all, and whether it is the demo's.
   */
  loadContext(res: Response): { session: SessionUser | null; sessionUnchecked: boolean; signInEnabled: boolean; signInDemo: boolean };
  /**
   * The signed-in visitor of a request answered before the session middleware (the sandbox's trace
   * pages): the same reading of the cookie, a revoked session included; null when signed out or when
   * the revocation cannot be checked now. Never writes to the response.
   */
  sessionOf(req: Request): Promise<SessionUser | null>;
  /**
   * What the shared state keeps for a signed-in person instead of their NIF (the owner of their sandbox
   * keys): a keyed hash (HMAC-SHA-256 with a key derived from the session secret), null when sign-in is off.
   */
  ownerIdOf(user: SessionUser): string | null;
}

/**
 * The visitor's session from its cookie, in `res.locals.session`. A tampered, expired or foreign cookie
 * is simply "signed out" (and removed), never an error.
 */
function sessionFromCookie(keys: ReturnType<typeof deriveCookieKeys> | null, revoked: ReturnType<typeof revokedSessions>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.session = null;
    const token = readCookie(req.headers.cookie, cookieName(SESSION_COOKIE, isSecureOrigin(req)));
    if (!token) return next();
    const opened = keys ? await openSessionToken(token, keys.session) : null;
    // A session signed out (a copy of its cookie kept after sign-out) is signed out everywhere.
    let isRevoked = false;
    if (opened) {
      try {
        isRevoked = await revoked.isRevoked(opened);
      } catch (error) {
        if (!(error instanceof SharedStateUnavailable)) return next(error);
        // Not checkable now (Redis does not answer): this request is answered as signed out, with a
        // notice that says why, and the cookie is kept, so the session is back as soon as the shared
        // state answers again.
        res.locals.sessionUnchecked = true;
        res.setHeader("Cache-Control", "private, no-store");
        return next();
      }
    }
    if (opened && !isRevoked) {
      res.locals.session = opened.user;
      // Every page shows who is signed in (the header): no cache may keep or share it.
      res.setHeader("Cache-Control", "private, no-store");
    } else clearSessionCookie(req, res);
    next();
  };
}

export function createAuth(
  config: AppConfig,
  logger: Logger,
  devIdp?: Settings["devIdp"],
  shared: SharedState = memorySharedState(),
  metrics?: AuthMetrics,
): Auth {
  const settings = resolveAuthSettings(config, logger, devIdp);
  // The demo provider keeps its sign-ins (interactions, codes), keys and client secret in this process:
  // one instance only. With a shared Redis (several instances behind a balancer), say so at start.
  if (settings.mode === "embedded" && shared.describe().kind === "redis") {
    logger.warn(
      "the embedded demo identity provider is ONE-INSTANCE ONLY: its sign-ins, keys and client secret live in this process, so behind a load balancer a sign-in fails unless every step of it reaches this instance; for a staging of several instances run a real OpenID Connect provider (docs/sign-in.md, \"A staging behind a load balancer\")",
    );
  }
  const revoked = revokedSessions(shared);
  const keys = settings.mode === "disabled" ? null : deriveCookieKeys(settings.sessionSecret);
  const signInEnabled = settings.mode !== "disabled";
  const signInDemo = settings.mode === "embedded";
  const router = express.Router();
  const ownerKey = settings.mode === "disabled" ? null : Buffer.from(hkdfSync("sha256", settings.sessionSecret, "areaOE", "areaOE sandbox key owner", 32));

  router.use(BASE_PATH, sessionFromCookie(keys, revoked));

  router.get(SESSION_API_PATH, sessionEndpoint(signInEnabled));
  if (settings.mode === "embedded") {
    const { issuer, clientId, clientSecret } = settings;
    // Imported only when switched on: oidc-provider warns about the Node version on import, and a
    // normal start never needs it. Requests wait for the import (it takes a moment, once).
    const devIdp = import("./dev-idp/dev-idp").then(({ devIdpRouter }) => devIdpRouter({ issuer, clientId, clientSecret, logger, publicOrigins: config.publicOrigins }));
    devIdp.catch((error: unknown) => logger.error({ err: error }, "the demo identity provider could not start"));
    router.use((req, res, next) => {
      devIdp.then((devIdpRouter) => devIdpRouter(req, res, next), next);
    });
  }
  router.use(authRoutes(settings, logger, keys, { states: usedStates(shared), revoked, limiter: authRateLimit(undefined, undefined, shared.counters("auth-requests-per-client")), ...(metrics ? { metrics } : {}) }));

  return {
    router,
    signInEnabled,
    loadContext: (res) => ({ session: res.locals.session ?? null, sessionUnchecked: res.locals.sessionUnchecked === true, signInEnabled, signInDemo }),
    sessionOf: async (req) => {
      const token = readCookie(req.headers.cookie, cookieName(SESSION_COOKIE, isSecureOrigin(req)));
      const opened = token && keys ? await openSessionToken(token, keys.session) : null;
      if (!opened) return null;
      try {
        return (await revoked.isRevoked(opened)) ? null : opened.user;
      } catch (error) {
        if (error instanceof SharedStateUnavailable) return null;
        throw error;
      }
    },
    ownerIdOf: (user) => (ownerKey ? createHmac("sha256", ownerKey).update(user.nif).digest("base64url").slice(0, 32) : null),
  };
}
