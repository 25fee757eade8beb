import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { ReactElement } from "react";
import express, { type Request, type Response, type Router } from "express";
import Provider, { type KoaContextLike } from "oidc-provider";
import type { Logger } from "pino";
import {
  BASE_URL,
  CALLBACK_PATH,
  SIGNED_OUT_PATH,
  CUSTOMS_ROLES_CLAIM,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
} from "../../../app/server-surface";
import { DEV_IDP_PATH } from "../auth-settings";
import { checkDemoCredentials, findDemoAccount } from "./demo-accounts";
import { loggedOutPage, loginPage, logoutPage, providerErrorPage } from "./dev-idp-pages";
import { serverPageFor } from "../../http/server-page";
import { requestOrigin } from "../../http/trusted-origin";

export interface DevIdpOptions {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  logger: Logger;
  /** The portal's configured public origins (their callbacks are registered too). */
  publicOrigins?: readonly string[];
}

/**
 * The visitor may open the portal as localhost or 127.0.0.1 (or a configured public origin): each
 * callback is registered.
 */
function portalOrigins(issuer: URL, publicOrigins: readonly string[] = []): string[] {
  const port = issuer.port ? `:${issuer.port}` : "";
  return [...new Set([issuer.origin, `http://localhost${port}`, `http://127.0.0.1${port}`, ...publicOrigins])];
}

/**
 * The provider is mounted under the portal's base path, after its language middleware: its pages are
 * in the language the portal negotiated for the request (the one it also sends as ui_locales).
 */
type KoaWithExpress = KoaContextLike & { res?: { locals?: { lang?: unknown; cspNonce?: unknown } } };

function koaLanguage(ctx: KoaWithExpress): Language {
  return isLanguage(ctx.res?.locals?.lang) ? ctx.res.locals.lang : DEFAULT_LANGUAGE;
}

/** A page of the provider as the Koa body: the Express response's locals give it its nonce. */
function koaPage(ctx: KoaWithExpress, page: ReactElement): string {
  return serverPageFor(ctx.res ?? {}, page);
}

function createProvider({ issuer, clientId, clientSecret, logger, publicOrigins }: DevIdpOptions): Provider {
  const origins = portalOrigins(issuer, publicOrigins);
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const provider = new Provider(issuer.href.replace(/\/$/, ""), {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: "areaOE",
        redirect_uris: origins.map((origin) => `${origin}${CALLBACK_PATH}`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}${SIGNED_OUT_PATH}`),
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "profile", "customs"],
    claims: { openid: ["sub"], profile: ["name"], customs: ["nif", CUSTOMS_ROLES_CLAIM] },
    // The portal reads the profile from the ID token; it never calls the userinfo endpoint.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const account = findDemoAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, name: account.name, nif: account.nif, [CUSTOMS_ROLES_CLAIM]: account.roles };
        },
      };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    // areaOE is this provider's only, first-party client: no consent screen.
    async loadExistingGrant(ctx: KoaContextLike) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid profile customs");
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextLike, form: string) {
          ctx.type = "html";
          ctx.body = koaPage(ctx, logoutPage(koaLanguage(ctx), form));
        },
        async postLogoutSuccessSource(ctx: KoaContextLike) {
          ctx.type = "html";
          ctx.body = koaPage(ctx, loggedOutPage(koaLanguage(ctx)));
        },
      },
    },
    async renderError(ctx: KoaContextLike, out: { error?: string }) {
      ctx.type = "html";
      ctx.body = koaPage(ctx, providerErrorPage(koaLanguage(ctx), out.error ?? "server_error", BASE_URL));
    },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256", kid: randomBytes(8).toString("hex") }] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });
  provider.on("server_error", (_ctx, error) => logger.error({ err: { message: (error as Error).message } }, "dev-idp error"));
  return provider;
}

/**
 * The embedded DEVELOPMENT identity provider (oidc-provider) under /areaOE/dev-idp, with its own
 * pt/en login page and fictitious demo accounts. Only mounted when explicitly switched on.
 */
export function devIdpRouter(options: DevIdpOptions): Router {
  const provider = createProvider(options);
  const origins = portalOrigins(options.issuer, options.publicOrigins);
  const router = express.Router();
  // oidc-provider builds every address it writes (discovery, redirects, the resume of an interaction)
  // from the request (Koa's protocol and host): it is given the configured origin the Host check
  // matched, never the Host header or a forwarded header as the client wrote it.
  provider.proxy = true;
  router.use(DEV_IDP_PATH, (req, _res, next) => {
    const origin = new URL(requestOrigin(req));
    req.headers["x-forwarded-proto"] = origin.protocol.slice(0, -1);
    req.headers["x-forwarded-host"] = origin.host;
    next();
  });

  // Its own policy: its forms redirect back to the portal's callback (form-action covers redirects).
  // Its pages carry the portal's stylesheet inline, allowed by this response's nonce.
  router.use(DEV_IDP_PATH, (_req, res, next) => {
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'self' 'nonce-${res.locals.cspNonce}'; img-src 'self'; form-action 'self' ${origins.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  const interactionPath = `${DEV_IDP_PATH}/interaction/:uid`;
  const showLogin = async (req: Request, res: Response, state: { nif?: string; invalid?: boolean } = {}) => {
    const details = await provider.interactionDetails(req, res);
    const page = loginPage({ lang: res.locals.lang, action: req.originalUrl.split("?")[0] ?? "", ...state });
    res.status(state.invalid ? 400 : 200).type("html").send(serverPageFor(res, page));
    return details;
  };

  // An unknown or expired interaction (old tab, restarted server): a clear page, not a 500.
  const interactionError = (res: Response, error: unknown) => {
    options.logger.warn({ err: { name: (error as Error).name } }, "dev-idp interaction refused");
    if (res.headersSent) return;
    res.status(400).type("html").send(serverPageFor(res, providerErrorPage(res.locals.lang, "invalid_request", BASE_URL)));
  };

  router.get(interactionPath, async (req, res) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        await showLogin(req, res);
        return;
      }
      // Consent is granted by loadExistingGrant; anything else simply resumes the flow.
      await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    } catch (error) {
      interactionError(res, error);
    }
  });

  router.post(interactionPath, express.urlencoded({ extended: false, limit: "4kb" }), async (req, res) => {
    try {
      const nif = typeof req.body?.nif === "string" ? req.body.nif : "";
      const password = typeof req.body?.password === "string" ? req.body.password : "";
      const account = checkDemoCredentials(nif, password);
      if (!account) {
        await showLogin(req, res, { nif: nif.slice(0, 20), invalid: true });
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account.nif } }, { mergeWithLastSubmission: false });
    } catch (error) {
      interactionError(res, error);
    }
  });

  // Everything else (discovery, authorization, token, JWKS, end session) is oidc-provider's.
  router.use(DEV_IDP_PATH, provider.callback());
  return router;
}
