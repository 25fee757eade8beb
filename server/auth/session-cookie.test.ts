import { describe, expect, it } from "vitest";
import { EncryptJWT } from "jose";
import {
  deriveCookieKeys,
  openSession,
  openSessionToken,
  openTransaction,
  sealSession,
  sealTransaction,
} from "./session-cookie";

const keys = deriveCookieKeys("a test secret that is long enough for the unit tests");
const user = { nif: "555555550", name: "Ana Demo", roles: ["ROLE_DUI" as const, "ROLE_SDS" as const] };
/** The shared state's life the sessions are made in (SharedState.lifetime). */
const LIFE = "life-of-the-test-store";

function flip(token: string, at: number): string {
  const chars = [...token];
  chars[at] = chars[at] === "A" ? "B" : "A";
  return chars.join("");
}

describe("session cookie", () => {
  it("round-trips the visitor", async () => {
    expect(await openSession(await sealSession(user, keys.session, LIFE), keys.session)).toEqual(user);
  });

  it("is encrypted: the NIF and name are not readable in the cookie", async () => {
    const token = await sealSession(user, keys.session, LIFE);
    const decoded = token.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1")).join("");
    expect(decoded).not.toContain("555555550");
    expect(decoded).not.toContain("Ana Demo");
  });

  it("treats any tampered byte as signed out", async () => {
    const token = await sealSession(user, keys.session, LIFE);
    const [header = "", , iv = "", ciphertext = "", tag = ""] = token.split(".");
    for (const at of [header.length + 2 + Math.floor(iv.length / 2), token.length - Math.floor(tag.length / 2), token.length - tag.length - 2 - Math.floor(ciphertext.length / 2)]) {
      expect(await openSession(flip(token, at), keys.session)).toBeNull();
    }
    expect(await openSession(`${token}x`, keys.session)).toBeNull();
    expect(await openSession("not-a-jwe", keys.session)).toBeNull();
    expect(await openSession("", keys.session)).toBeNull();
    expect(await openSession(undefined, keys.session)).toBeNull();
  });

  it("refuses a cookie sealed with another secret", async () => {
    const other = deriveCookieKeys("another secret, another server, another day");
    expect(await openSession(await sealSession(user, other.session, LIFE), keys.session)).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const expired = await new EncryptJWT({ ...user })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setAudience("session")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .encrypt(keys.session);
    expect(await openSession(expired, keys.session)).toBeNull();
  });

  it("drops roles that are not customs profiles, even inside a valid cookie", async () => {
    const token = await new EncryptJWT({ nif: "555555550", name: "X", roles: ["ROLE_ADMIN", "ROLE_TRS"] })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setJti("session-id")
      .setAudience("session")
      .setExpirationTime("1m")
      .encrypt(keys.session);
    expect(await openSession(token, keys.session)).toEqual({ nif: "555555550", name: "X", roles: ["ROLE_TRS"] });
  });

  it("carries a random id per session (sign-out revokes by it); a session without one is signed out", async () => {
    const [a, b] = await Promise.all([sealSession(user, keys.session, LIFE), sealSession(user, keys.session, LIFE)]);
    const [first, second] = await Promise.all([openSessionToken(a, keys.session), openSessionToken(b, keys.session)]);
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.id).not.toBe(second?.id);
    expect(first?.expiresAt).toBeGreaterThan(Date.now());
    // The store's life it was made in travels with it (encrypted); a session sealed before carries none.
    expect(first?.lifetime).toBe(LIFE);
    const withoutId = await new EncryptJWT({ ...user }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setAudience("session").setExpirationTime("1m").encrypt(keys.session);
    expect(await openSession(withoutId, keys.session)).toBeNull();
  });

  it("does not accept a sign-in transaction as a session, nor the other way round", async () => {
    const transaction = { state: "s", nonce: "n", codeVerifier: "v", returnTo: "/areaOE/", redirectUri: "http://x/cb" };
    const sealed = await sealTransaction(transaction, keys.transaction);
    expect(await openTransaction(sealed, keys.transaction)).toEqual({ ...transaction, expiresAt: expect.any(Number) });
    expect(await openSession(sealed, keys.session)).toBeNull();
    expect(await openSession(sealed, keys.transaction)).toBeNull();
    expect(await openTransaction(await sealSession(user, keys.session, LIFE), keys.transaction)).toBeNull();
  });
});
