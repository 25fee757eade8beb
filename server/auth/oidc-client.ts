import * as client from "openid-client";
import type { AuthSettings } from "./auth-settings";

type EnabledSettings = Exclude<AuthSettings, { mode: "disabled" }>;

/**
 * The OpenID Connect client configuration, discovered on first use (the embedded provider answers
 * only once this server listens) and retried on the next sign-in if discovery failed.
 */
export function lazyOidcConfiguration(settings: EnabledSettings): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        // http: is accepted by the configuration schema only on loopback addresses.
        settings.issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
