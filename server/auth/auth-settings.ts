import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { AppConfig } from "../config/schema";
import { devIssuerUrl, type Settings } from "../config/settings";

export { DEV_IDP_PATH } from "../config/settings";
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

export function resolveAuthSettings(
  config: AppConfig,
  logger: Logger,
  /** The demo provider's switch and issuer, from the settings (server/config/settings.ts). */
  devIdp: Settings["devIdp"] = { requested: false, issuer: devIssuerUrl({}) },
): AuthSettings {
  const idp = config.identityProvider;
  const wantsDevIdp = devIdp.requested;
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
  const { issuer } = devIdp;
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
