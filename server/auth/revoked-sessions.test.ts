import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { EncryptJWT } from "jose";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH, SESSION_API_PATH, SIGN_OUT_PATH } from "../../app/server-surface";
import { loadConfig } from "../config/load-config";
import { hostGuard, trustedOrigins } from "../http/trusted-origin";
import { memorySharedState } from "../shared-state/shared-state";
import { createAuth } from "./create-auth";
import { cookieName, deriveCookieKeys, SESSION_COOKIE, sealSession } from "./session-cookie";

// Real HTTP on loopback: a portal with sign-in on (an issuer that is never reached: sign-out falls
// back to a plain redirect), a session cookie sealed as the callback seals it, and its copy.
const SECRET = "a session secret for the revocation test, long enough";
/** The state the portal below keeps its sign-outs in (this process's memory), and its life. */
const shared = memorySharedState();
let portal: Server;
let base: string;

async function start(publicOrigin?: string): Promise<{ server: Server; base: string }> {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  const config = loadConfig({
    AREAOE_OIDC_ISSUER: "http://127.0.0.1:9/",
    AREAOE_OIDC_CLIENT_ID: "areaoe",
    AREAOE_OIDC_CLIENT_SECRET: "s3cret",
    AREAOE_SESSION_SECRET: SECRET,
  });
  const origins = trustedOrigins({
    publicOrigins: publicOrigin ? [publicOrigin.replace("PORT", String(port))] : [],
    port,
    trust: () => false,
    protocolOf: () => "http",
  });
  const guard = hostGuard(origins, {});
  app.use((req, res, next) => (guard(req, res) ? next() : undefined));
  app.use((_req, res, next) => ((res.locals.lang = "en"), next()));
  app.use(createAuth(config, pino({ level: "silent" }), undefined, shared).router);
  return { server, base: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  ({ server: portal, base } = await start());
});
afterAll(async () => {
  await new Promise((resolve) => portal.close(resolve));
});

const user = { nif: "555555550", name: "Ana Demo", roles: [] };
const session = async (cookie: string) =>
  (await (await fetch(`${base}${SESSION_API_PATH}`, { headers: { cookie } })).json()) as { authenticated: boolean };

describe("revocable sessions", () => {
  it("after sign-out, a copy of the session cookie is signed out too", async () => {
    const cookie = `${SESSION_COOKIE}=${await sealSession(user, deriveCookieKeys(SECRET).session, await shared.lifetime())}`;
    expect(await session(cookie)).toMatchObject({ authenticated: true });
    const signOut = await fetch(`${base}${SIGN_OUT_PATH}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: "returnTo=%2FareaOE%2F",
      redirect: "manual",
    });
    expect(signOut.status).toBe(303);
    expect(await session(cookie)).toMatchObject({ authenticated: false });
    // Another session of the same person is not affected.
    const other = `${SESSION_COOKIE}=${await sealSession(user, deriveCookieKeys(SECRET).session, await shared.lifetime())}`;
    expect(await session(other)).toMatchObject({ authenticated: true });
  });

  it("refuses a session made in another life of the store (one that lost its data since), and one made before sessions carried it", async () => {
    const key = deriveCookieKeys(SECRET).session;
    expect(await session(`${SESSION_COOKIE}=${await sealSession(user, key, await shared.lifetime())}`)).toMatchObject({ authenticated: true });
    expect(await session(`${SESSION_COOKIE}=${await sealSession(user, key, "a life of the store before it lost its data")}`)).toMatchObject({ authenticated: false });
    const withoutLife = await new EncryptJWT({ ...user, jti: "a-session-sealed-before-lives" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setAudience("session")
      .setExpirationTime("1m")
      .encrypt(key);
    expect(await session(`${SESSION_COOKIE}=${withoutLife}`)).toMatchObject({ authenticated: false });
  });

  it("over HTTPS the session cookie is __Host- prefixed: Secure, Path=/, no Domain; the unprefixed one is not read", async () => {
    const secure = await start("https://127.0.0.1:PORT");
    try {
      const token = await sealSession(user, deriveCookieKeys(SECRET).session, await shared.lifetime());
      const read = async (cookie: string) =>
        (await (await fetch(`${secure.base}${SESSION_API_PATH}`, { headers: { cookie } })).json()) as { authenticated: boolean };
      expect(await read(`${cookieName(SESSION_COOKIE, true)}=${token}`)).toMatchObject({ authenticated: true });
      expect(await read(`${SESSION_COOKIE}=${token}`)).toMatchObject({ authenticated: false });
      const cleared = await fetch(`${secure.base}${BASE_PATH}/`, { headers: { cookie: `${cookieName(SESSION_COOKIE, true)}=x` } });
      const setCookie = cleared.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^__Host-areaoe_session=;/);
      expect(setCookie).toContain("Path=/;");
      expect(setCookie).toContain("Secure");
      expect(setCookie).not.toMatch(/Domain=/i);
    } finally {
      await new Promise((resolve) => secure.server.close(resolve));
    }
  });
});
