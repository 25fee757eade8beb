import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { AppConfig } from "../config/schema";
import { BASE_PATH } from "../../app/server-surface";

export const DEV_IDP_PATH = `${BASE_PATH}/dev-idp`;
export const DEV_IDP_CLIENT_ID = "areaoe-local-demo";

/** How this process signs visitors in: an external provider, the embedded demo provider, or not at all. */
export type AuthSettings =
  | { mode: "disabled" }
  | {
      mode: "external" | "embedded";
      issuer: URL;
      clientId: string;
      clientSecret: string;
      scope: string;
      sessionSecret: string;
    };

/** The embedded demo provider runs only when switched on explicitly: AREAOE_DEV_IDP=1 or --dev-idp. */
export function devIdpRequested(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return env.AREAOE_DEV_IDP === "1" || env.AREAOE_DEV_IDP === "true" || argv.includes("--dev-idp");
}

/**
 * The embedded provider's issuer is this server seen from the visitor's browser. It must be the host
 * the visitor types (the browser follows its redirects), so a wildcard bind becomes `localhost`.
 */
export function devIssuerUrl(env: NodeJS.ProcessEnv): URL {
  if (env.AREAOE_DEV_IDP_ISSUER) return new URL(env.AREAOE_DEV_IDP_ISSUER);
  const port = env.PORT ?? "3000";
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return new URL(`http://${host}:${port}${DEV_IDP_PATH}`);
}

export function resolveAuthSettings(
  config: AppConfig,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): AuthSettings {
  const idp = config.identityProvider;
  const wantsDevIdp = devIdpRequested(env, argv);
  if (idp.issuer && idp.clientId && idp.clientSecret && idp.sessionSecret) {
    if (wantsDevIdp) logger.warn("an external identity provider is configured: the embedded demo provider stays off");
    logger.info({ issuer: idp.issuer }, "sign-in through the configured identity provider");
    return {
      mode: "external",
      issuer: new URL(idp.issuer),
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scope: idp.scope,
      sessionSecret: idp.sessionSecret,
    };
  }
  if (!wantsDevIdp) {
    logger.warn(
      "sign-in is disabled: no identity provider is configured (identityProvider.issuer / AREAOE_OIDC_ISSUER) and the embedded demo provider is off (AREAOE_DEV_IDP=1)",
    );
    return { mode: "disabled" };
  }
  const issuer = devIssuerUrl(env);
  logger.warn(
    { issuer: issuer.href },
    "embedded DEVELOPMENT identity provider with fictitious demo accounts: for local use only, never in production",
  );
  let sessionSecret = idp.sessionSecret;
  if (!sessionSecret) {
    sessionSecret = randomBytes(32).toString("base64url");
    logger.warn("no AREAOE_SESSION_SECRET: using a per-process session secret (sessions end when the server restarts)");
  }
  return {
    mode: "embedded",
    issuer,
    clientId: DEV_IDP_CLIENT_ID,
    // The demo client's secret never leaves this process: the provider and the client live side by side.
    clientSecret: randomBytes(32).toString("base64url"),
    scope: idp.scope,
    sessionSecret,
  };
}
