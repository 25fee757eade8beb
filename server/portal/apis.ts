import type { Express } from "express";
import { BASE_PATH } from "../../app/server-surface";
import { authorityCertificatesRouter } from "../api/authority-certificates";
import { clientErrorsRouter } from "../api/client-errors";
import { timeRouter } from "../api/time";
import { feedsRouter } from "../feeds/feeds-router";
import type { PortalParts } from "./portal-options";

/**
 * The portal's small APIs and feeds under the base path: the browser's error reports (the one body
 * parsed here, rate limited), the time, the authority certificates, the Atom feeds.
 */
export function apis(app: Express, { settings, logger, sharedState, authorityEnvironments, headerSandbox }: PortalParts): void {
  const { limits } = settings.config;
  app.use(BASE_PATH, clientErrorsRouter({ logger, allClientsPerSecond: limits.errorReportsPerSecond, bodyDeadlineMs: limits.bodyDeadlineMs, counters: (name) => sharedState.counters(name) }));
  app.use(BASE_PATH, timeRouter());
  app.use(BASE_PATH, authorityCertificatesRouter(authorityEnvironments));
  // The Atom feeds of the "What changed" page and of the certificates' and keys' events.
  app.use(
    BASE_PATH,
    feedsRouter({
      authorityCertificates: (now) => authorityEnvironments?.certificates(now) ?? [],
      // The sandbox's rotation: each key made valid or retired is an event of the certificates feed.
      sandboxKeys: (now) =>
        headerSandbox.keys(now).map((key) => ({ id: key.id, status: key.status, validFrom: key.validFrom.toISOString(), validUntil: key.validUntil.toISOString(), fingerprintSha256: key.fingerprintSha256 })),
    }),
  );
}
