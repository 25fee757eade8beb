import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLBACK_PATH, SIGN_IN_PATH } from "../../app/server-surface";
import { hostGuard, trustedOrigins } from "../http/trusted-origin";
import { authRateLimit, authRoutes } from "./auth-routes";
import { deriveCookieKeys, TRANSACTION_COOKIE } from "./session-cookie";

// A counting fake identity provider: discovery, and a token endpoint that counts its calls (and
// refuses every code, as a real provider refuses a used one).
let provider: Server;
let portal: Server;
let issuer: string;
let portalBase: string;
let tokenRequests = 0;

async function listen(app: express.Express): Promise<Server> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
}

beforeAll(async () => {
  const idp = express();
  idp.get("/.well-known/openid-configuration", (_req, res) => {
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
  });
  idp.post("/token", (_req, res) => {
    tokenRequests += 1;
    res.status(400).json({ error: "invalid_grant" });
  });
  provider = await listen(idp);
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  const logger = pino({ level: "silent" });
  const app = express();
  const port = await new Promise<number>((resolve) => {
    portal = app.listen(0, "127.0.0.1", () => resolve((portal.address() as AddressInfo).port));
  });
  const origins = trustedOrigins({ publicOrigins: [], port, trust: () => false, protocolOf: () => "http" });
  const guard = hostGuard(origins, {});
  app.use((req, res, next) => (guard(req, res) ? next() : undefined));
  app.use((_req, res, next) => ((res.locals.lang = "en"), next()));
  const settings = { mode: "external" as const, issuer: new URL(issuer), clientId: "areaoe", clientSecret: "s3cret", scope: "openid", sessionSecret: "x".repeat(32) };
  app.use(authRoutes(settings, logger, deriveCookieKeys(settings.sessionSecret), { limiter: authRateLimit(8) }));
  portalBase = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => portal.close(resolve));
  await new Promise((resolve) => provider.close(resolve));
});

describe("sign-in callback", () => {
  it("is used once: a replayed callback is refused without a token request", async () => {
    const signIn = await fetch(`${portalBase}${SIGN_IN_PATH}`, { redirect: "manual" });
    expect(signIn.status).toBe(303);
    const location = new URL(signIn.headers.get("location") ?? "");
    expect(location.searchParams.get("redirect_uri")).toBe(`${portalBase}${CALLBACK_PATH}`);
    const state = location.searchParams.get("state") ?? "";
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie.startsWith(`${TRANSACTION_COOKIE}=`)).toBe(true);

    const callback = () => fetch(`${portalBase}${CALLBACK_PATH}?code=abc&state=${state}`, { headers: { cookie }, redirect: "manual" });
    expect((await callback()).status).toBe(400); // the (fake) provider refused the code
    expect(tokenRequests).toBe(1);
    const replay = await callback();
    expect(replay.status).toBe(400);
    expect(tokenRequests).toBe(1); // no second token request
  });

  it("compares the state before it claims the transaction: a cross-site callback cannot abort a sign-in in progress", async () => {
    const signIn = await fetch(`${portalBase}${SIGN_IN_PATH}`, { redirect: "manual" });
    const state = new URL(signIn.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const before = tokenRequests;
    // A link on another site sends the visitor's cookie with a state of its own.
    const forged = await fetch(`${portalBase}${CALLBACK_PATH}?code=evil&state=forged`, { headers: { cookie }, redirect: "manual" });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("set-cookie") ?? "").not.toContain(`${TRANSACTION_COOKIE}=;`);
    expect(tokenRequests).toBe(before);
    // The real callback still reaches the provider (which the fake refuses): the sign-in was not aborted.
    await fetch(`${portalBase}${CALLBACK_PATH}?code=abc&state=${state}`, { headers: { cookie }, redirect: "manual" });
    expect(tokenRequests).toBe(before + 1);
  });

  it("/auth/* is rate limited per client (429 with a page, not a token request)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await fetch(`${portalBase}${CALLBACK_PATH}?code=x&state=y`, { redirect: "manual" })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
