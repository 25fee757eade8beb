import express, { type CookieOptions, type Request, type Response, type Router } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import * as client from "openid-client";
import type { Logger } from "pino";
import {
  AUTH_PATH,
  CALLBACK_PATH,
  DEFAULT_RETURN_TO,
  RETURN_TO_PARAM,
  safeReturnTo,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  SIGNED_OUT_PATH,
  customsRolesFromClaim,
  CUSTOMS_ROLES_CLAIM,
  type SessionUser,
  BASE_PATH,
} from "../../app/server-surface";
import type { AuthSettings } from "./auth-settings";
import { authProblemPage, type AuthProblem } from "./auth-pages";
import { lazyOidcConfiguration } from "./oidc-client";
import {
  cookieName,
  openSessionToken,
  openTransaction,
  sealSession,
  sealTransaction,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  SIGN_OUT_PENDING_COOKIE,
  TRANSACTION_COOKIE,
  TRANSACTION_TTL_SECONDS,
  type CookieKeys,
} from "./session-cookie";
import { readCookie } from "../http/cookies";
import { serverPageFor } from "../http/server-page";
import { usedStates, type UsedStates } from "./used-states";
import { revokedSessions, type RevokedSessions } from "./revoked-sessions";
import type { AuthMetrics } from "../observability/portal-metrics";
import { memorySharedState, SharedStateUnavailable } from "../shared-state/shared-state";
import { isSecureOrigin, requestOrigin } from "../http/trusted-origin";

type EnabledSettings = Exclude<AuthSettings, { mode: "disabled" }>;

/**
 * A cookie's attributes: over HTTPS Secure, and Path=/ as the `__Host-` prefix requires (the name
 * comes from cookieName); over plain HTTP (local use) the given path.
 */
function cookieOptions(req: Request, path: string, maxAgeSeconds?: number): CookieOptions {
  const secure = isSecureOrigin(req);
  return { httpOnly: true, sameSite: "lax", secure, path: secure ? "/" : path, ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds * 1000 }) };
}

const sessionCookieName = (req: Request) => cookieName(SESSION_COOKIE, isSecureOrigin(req));
const signOutPendingCookieName = (req: Request) => cookieName(SIGN_OUT_PENDING_COOKIE, isSecureOrigin(req));
const transactionCookieName = (req: Request) => cookieName(TRANSACTION_COOKIE, isSecureOrigin(req));

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(sessionCookieName(req), cookieOptions(req, BASE_PATH));
}

/** The configured origin the request was matched to (server/http/trusted-origin.ts), never the raw Host. */
function origin(req: Request): string {
  return requestOrigin(req);
}

function sendProblem(res: Response, status: number, problem: AuthProblem, returnTo?: string): void {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("html").send(serverPageFor(res, authProblemPage(res.locals.lang, problem, returnTo)));
}

/** A state-changing POST must come from our own pages (Fetch Metadata, else the Origin header). */
function isSameOriginPost(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const requestOrigin = req.get("origin");
  return !requestOrigin || requestOrigin === origin(req);
}

/** The session user from the ID token claims; the NIF is the `nif` claim, else the subject. */
export function userFromClaims(claims: Record<string, unknown>): SessionUser | null {
  const nif = typeof claims.nif === "string" ? claims.nif : typeof claims.sub === "string" ? claims.sub : "";
  if (!nif) return null;
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : nif;
  return { nif, name, roles: customsRolesFromClaim(claims[CUSTOMS_ROLES_CLAIM]) };
}

/** Only the kind of failure reaches the log: never the URL (it holds the code), a token or a secret. */
function failureSummary(error: unknown): Record<string, unknown> {
  const err = error as { name?: string; code?: string; error?: string };
  return { name: err.name, code: err.code, oauthError: typeof err.error === "string" ? err.error : undefined };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error as { name?: string }).name === "TimeoutError" || (error as { name?: string }).name === "AbortError";
}

/** Requests to /areaOE/auth/* per client per minute (a sign-in is two or three of them). */
export const AUTH_REQUESTS_PER_MINUTE = 60;

/** One limiter for /areaOE/auth/*: sign-ins and callbacks cannot be flooded. */
export function authRateLimit(limit = AUTH_REQUESTS_PER_MINUTE, windowMs = 60_000, store?: Store) {
  return rateLimit({
    windowMs,
    limit,
    ...(store ? { store } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => sendProblem(res, 429, "tooMany"),
  });
}

export interface AuthRoutesOptions {
  /** States already used (default: this process's memory; see docs/scaling.md). */
  states?: UsedStates;
  /** Sessions signed out before their expiry (the same shared state). */
  revoked?: RevokedSessions;
  limiter?: ReturnType<typeof authRateLimit>;
  /** Sign-ins started, completed and failed by reason; sessions revoked (server/observability). */
  metrics?: AuthMetrics;
}

const NO_METRICS: AuthMetrics = { signInStarted() {}, signInCompleted() {}, signInFailed() {}, sessionRevoked() {} };

/** Sign-in (authorization code + PKCE), callback, sign-out (RP-initiated logout) under /areaOE/auth. */
export function authRoutes(settings: AuthSettings, logger: Logger, keys: CookieKeys | null, options: AuthRoutesOptions = {}): Router {
  const router = express.Router();
  router.use(AUTH_PATH, options.limiter ?? authRateLimit());
  if (settings.mode === "disabled" || !keys) {
    router.get([SIGN_IN_PATH, CALLBACK_PATH], (_req, res) => sendProblem(res, 503, "disabled"));
    router.post(SIGN_OUT_PATH, express.urlencoded({ extended: false, limit: "4kb" }), (req, res) => {
      clearSessionCookie(req, res);
      res.redirect(303, safeReturnTo(req.body?.[RETURN_TO_PARAM]));
    });
    router.get(SIGNED_OUT_PATH, (req, res) => res.redirect(303, safeReturnTo(req.query.state)));
    return router;
  }
  const shared = memorySharedState();
  const states = options.states ?? usedStates(shared);
  const revoked = options.revoked ?? revokedSessions(shared);
  router.use(enabledAuthRoutes(settings, logger, keys, states, revoked, options.metrics ?? NO_METRICS));
  return router;
}

/** What the enabled sign-in routes share. */
interface AuthDeps {
  settings: EnabledSettings;
  logger: Logger;
  keys: CookieKeys;
  states: UsedStates;
  revoked: RevokedSessions;
  metrics: AuthMetrics;
  oidc: ReturnType<typeof lazyOidcConfiguration>;
}

function enabledAuthRoutes(settings: EnabledSettings, logger: Logger, keys: CookieKeys, states: UsedStates, revoked: RevokedSessions, metrics: AuthMetrics): Router {
  const deps: AuthDeps = { settings, logger, keys, states, revoked, metrics, oidc: lazyOidcConfiguration(settings) };
  const router = express.Router();
  router.get(SIGN_IN_PATH, signIn(deps));
  router.get(CALLBACK_PATH, signInCallback(deps));
  router.post(SIGN_OUT_PATH, express.urlencoded({ extended: false, limit: "4kb" }), signOut(deps));
  router.get(SIGNED_OUT_PATH, signedOut);
  return router;
}

/** GET /auth/sign-in: a sign-in transaction (state, nonce, PKCE) sealed in a cookie, then the identity provider. */
function signIn({ settings, logger, keys, states, metrics, oidc }: AuthDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const returnTo = safeReturnTo(req.query[RETURN_TO_PARAM]);
    // A sign-in whose callback could not be checked (the shared state does not answer) is not started.
    if (states.available && !(await states.available())) {
      logger.warn("sign-in refused: the shared state (Redis) does not answer, so its callback could not be checked");
      metrics.signInFailed("shared_state_unavailable");
      sendProblem(res, 503, "sharedStateUnavailable", returnTo);
      return;
    }
    try {
      const config = await oidc();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const redirectUri = `${origin(req)}${CALLBACK_PATH}`;
      const sealed = await sealTransaction({ state, nonce, codeVerifier, returnTo, redirectUri }, keys.transaction);
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
        ui_locales: res.locals.lang,
      });
      res.cookie(cookieName(TRANSACTION_COOKIE, isSecureOrigin(req)), sealed, cookieOptions(req, AUTH_PATH, TRANSACTION_TTL_SECONDS));
      res.setHeader("Cache-Control", "no-store");
      res.redirect(303, authorizationUrl.href);
      metrics.signInStarted();
    } catch (error) {
      logger.error({ err: failureSummary(error) }, "sign-in: the identity provider cannot be reached");
      metrics.signInFailed("provider_unreachable");
      sendProblem(res, 503, "unavailable", returnTo);
    }
  };
}

/** GET /auth/callback: the provider's answer, checked against the transaction (state once, nonce, PKCE), then the session. */
function signInCallback({ logger, keys, states, revoked, metrics, oidc }: AuthDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const transaction = await openTransaction(readCookie(req.headers.cookie, transactionCookieName(req)), keys.transaction);
    if (!transaction) {
      res.clearCookie(transactionCookieName(req), cookieOptions(req, AUTH_PATH));
      logger.warn("sign-in callback without a valid sign-in transaction");
      metrics.signInFailed("no_transaction");
      sendProblem(res, 400, "callbackError");
      return;
    }
    // The state first: a callback that does not carry this transaction's state (a cross-site link, a
    // stale tab) is refused without touching the transaction, so it cannot abort a sign-in in progress.
    if (req.query.state !== transaction.state) {
      logger.warn("sign-in callback refused: its state is not the sign-in transaction's");
      metrics.signInFailed("state_mismatch");
      sendProblem(res, 400, "callbackError", transaction.returnTo);
      return;
    }
    res.clearCookie(transactionCookieName(req), cookieOptions(req, AUTH_PATH));
    // Used once: a replayed callback is refused here, before any token request. A state that cannot be
    // checked (the shared state does not answer) is refused too: fail closed.
    // The store's present life is read with it: the session made below is honoured in that life only.
    let firstUse: boolean;
    let lifetime: string;
    try {
      [firstUse, lifetime] = await Promise.all([states.claim(transaction.state, transaction.expiresAt), revoked.lifetime()]);
    } catch (error) {
      if (!(error instanceof SharedStateUnavailable)) throw error;
      logger.warn("sign-in callback refused: the shared state (Redis) does not answer, so its state could not be checked");
      metrics.signInFailed("shared_state_unavailable");
      sendProblem(res, 503, "sharedStateUnavailable", transaction.returnTo);
      return;
    }
    if (!firstUse) {
      logger.warn("sign-in callback refused: its sign-in transaction was already used");
      metrics.signInFailed("replayed");
      sendProblem(res, 400, "callbackError", transaction.returnTo);
      return;
    }
    try {
      const config = await oidc();
      const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      const tokens = await client.authorizationCodeGrant(config, new URL(`${transaction.redirectUri}${query}`), {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const user = userFromClaims((tokens.claims() ?? {}) as Record<string, unknown>);
      if (!user) throw Object.assign(new Error("the ID token names no subject"), { name: "MissingSubject" });
      res.cookie(cookieName(SESSION_COOKIE, isSecureOrigin(req)), await sealSession(user, keys.session, lifetime), cookieOptions(req, BASE_PATH, SESSION_TTL_SECONDS));
      res.setHeader("Cache-Control", "no-store");
      res.redirect(303, transaction.returnTo);
      metrics.signInCompleted();
    } catch (error) {
      const network = isNetworkFailure(error);
      logger.warn({ err: failureSummary(error) }, "sign-in callback refused");
      metrics.signInFailed(network ? "provider_unreachable" : "token_refused");
      sendProblem(res, network ? 503 : 400, network ? "unavailable" : "callbackError", transaction.returnTo);
    }
  };
}

/** POST /auth/sign-out: the session revoked everywhere and its cookie cleared, then the provider's logout. */
function signOut({ logger, keys, revoked, metrics, oidc }: AuthDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!isSameOriginPost(req)) {
      sendProblem(res, 403, "forbidden");
      return;
    }
    const returnTo = safeReturnTo(req.body?.[RETURN_TO_PARAM]);
    // Signed out everywhere: a copy of this cookie is refused until it would have expired.
    const session = await openSessionToken(readCookie(req.headers.cookie, sessionCookieName(req)), keys.session);
    let pending = false;
    if (session) {
      try {
        await revoked.revoke(session.id, session.expiresAt);
        metrics.sessionRevoked();
      } catch (error) {
        if (!(error instanceof SharedStateUnavailable)) throw error;
        // The cookie is still cleared below, and the revocation is written when the shared state
        // answers again (redis-shared-state.ts); until then only a copy kept elsewhere outlives this
        // sign-out, and the visitor is told so on the way back.
        logger.warn("sign-out: the session could not be revoked yet, the shared state (Redis) does not answer; it is written when it answers again");
        pending = true;
      }
    }
    clearSessionCookie(req, res);
    res.setHeader("Cache-Control", "no-store");
    if (pending) res.cookie(cookieName(SIGN_OUT_PENDING_COOKIE, isSecureOrigin(req)), "1", cookieOptions(req, AUTH_PATH, TRANSACTION_TTL_SECONDS));
    try {
      // RP-initiated logout: the provider ends its own session, then sends the visitor back here.
      const endSession = client.buildEndSessionUrl(await oidc(), {
        post_logout_redirect_uri: `${origin(req)}${SIGNED_OUT_PATH}`,
        state: returnTo,
        ui_locales: res.locals.lang,
      });
      res.redirect(303, endSession.href);
    } catch (error) {
      // The portal session is already gone; without the provider, return straight to the page.
      logger.warn({ err: failureSummary(error) }, "sign-out: no RP-initiated logout at the identity provider");
      if (pending) sendProblem(res, 200, "signOutPending", returnTo);
      else res.redirect(303, returnTo);
    }
  };
}

/**
 * GET /auth/signed-out: The provider echoes `state` (our return path); it is validated again like any return address. A
 * sign-out whose revocation is still to be written says so here, once.
 */
function signedOut(req: Request, res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  const returnTo = safeReturnTo(req.query.state, DEFAULT_RETURN_TO);
  if (readCookie(req.headers.cookie, signOutPendingCookieName(req)) === "1") {
    res.clearCookie(signOutPendingCookieName(req), cookieOptions(req, AUTH_PATH));
    sendProblem(res, 200, "signOutPending", returnTo);
    return;
  }
  res.redirect(303, returnTo);
}

