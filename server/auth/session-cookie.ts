import { hkdfSync, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { z } from "zod";
import { customsRolesFromClaim, type SessionUser } from "../../app/server-surface";

export const SESSION_COOKIE = "areaoe_session";
export const TRANSACTION_COOKIE = "areaoe_signin";
/**
 * Set by a sign-out whose revocation could not be written (the shared state did not answer), for the
 * signed-out landing: it then says so instead of returning silently. Holds nothing but "1"; lives as
 * long as a sign-in transaction.
 */
export const SIGN_OUT_PENDING_COOKIE = "areaoe_signout_pending";

/**
 * A cookie's name on this request: over HTTPS with the `__Host-` prefix, which the browser accepts only
 * from a secure origin, with Path=/ and no Domain (no subdomain or plain-HTTP page can set or shadow it).
 */
export const cookieName = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);
/** Every name a session cookie may have (the page cache's early answer looks for either). */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, cookieName(SESSION_COOKIE, true)] as const;
/** A session lasts at most this long; then the visitor signs in again. */
export const SESSION_TTL_SECONDS = 60 * 60;
/** The sign-in round trip to the identity provider must finish within this time. */
export const TRANSACTION_TTL_SECONDS = 10 * 60;

export interface CookieKeys {
  session: Uint8Array;
  transaction: Uint8Array;
}

/** One 256-bit key per purpose from the configured secret, so a transaction cookie never opens as a session. */
export function deriveCookieKeys(secret: string): CookieKeys {
  const derive = (purpose: string) => new Uint8Array(hkdfSync("sha256", secret, "areaOE", `areaOE ${purpose} cookie`, 32));
  return { session: derive("session"), transaction: derive("sign-in transaction") };
}

/** What travels through the identity provider round trip (only in the encrypted cookie). */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  redirectUri: string;
}

const sessionPayload = z.object({ nif: z.string().min(1), name: z.string(), roles: z.array(z.string()) });
const transactionPayload = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  returnTo: z.string().min(1),
  redirectUri: z.string().min(1),
});

// dir + A256GCM: authenticated encryption, so the cookie is both confidential and tamper-evident.
async function seal(payload: Record<string, unknown>, key: Uint8Array, ttlSeconds: number, purpose: string) {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .setAudience(purpose)
    .encrypt(key);
}

/** The payload, or null for anything tampered, expired, for another purpose or malformed. */
async function open(token: string | undefined, key: Uint8Array, purpose: string): Promise<Record<string, unknown> | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, key, {
      audience: purpose,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Each session gets a random id (`jti`), by which sign-out revokes it before it expires, and carries
 * the life of the shared state it was made in (`life`, SharedState.lifetime): a store that lost its
 * data, and with it the sign-outs it held, starts another life, in which the session is refused.
 */
export function sealSession(user: SessionUser, key: Uint8Array, lifetime: string, ttlSeconds = SESSION_TTL_SECONDS): Promise<string> {
  return seal({ nif: user.nif, name: user.name, roles: user.roles, jti: randomUUID(), life: lifetime }, key, ttlSeconds, "session");
}

/** A session as opened: the visitor, its id, when it expires (epoch ms), the store's life it was made in. */
export interface OpenedSession {
  user: SessionUser;
  id: string;
  expiresAt: number;
  /** Absent in a cookie sealed before sessions carried it: such a session is refused. */
  lifetime: string | null;
}

/** The session, or null for anything tampered, expired, for another purpose, malformed or without an id. */
export async function openSessionToken(token: string | undefined, key: Uint8Array): Promise<OpenedSession | null> {
  const payload = await open(token, key, "session");
  const parsed = sessionPayload.safeParse(payload);
  if (!parsed.success || typeof payload?.jti !== "string" || typeof payload.exp !== "number") return null;
  return {
    user: { nif: parsed.data.nif, name: parsed.data.name, roles: customsRolesFromClaim(parsed.data.roles) },
    id: payload.jti,
    expiresAt: payload.exp * 1000,
    lifetime: typeof payload.life === "string" ? payload.life : null,
  };
}

export async function openSession(token: string | undefined, key: Uint8Array): Promise<SessionUser | null> {
  return (await openSessionToken(token, key))?.user ?? null;
}

export function sealTransaction(transaction: SignInTransaction, key: Uint8Array): Promise<string> {
  return seal({ ...transaction }, key, TRANSACTION_TTL_SECONDS, "sign-in");
}

/** The transaction, with the time (epoch ms) its cookie expires; null for anything not valid. */
export async function openTransaction(token: string | undefined, key: Uint8Array): Promise<(SignInTransaction & { expiresAt: number }) | null> {
  const payload = await open(token, key, "sign-in");
  const parsed = transactionPayload.safeParse(payload);
  if (!parsed.success || typeof payload?.exp !== "number") return null;
  return { ...parsed.data, expiresAt: payload.exp * 1000 };
}

