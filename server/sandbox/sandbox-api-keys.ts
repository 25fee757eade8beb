import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SharedState } from "../shared-state/shared-state";

// An integrator's own sandbox keys (issue 48): a signed-in person creates, names, lists and revokes up
// to MAX_SANDBOX_KEYS_PER_OWNER keys. A key is 256 random bits, shown once; the shared state keeps only
// its SHA-256 (a key has the full entropy of its bits: no salt or secret is needed for its hash to be
// useless to a reader of the store) and its public id, name, creation date and strict setting, under
// the owner's keyed id (never the NIF itself: server/auth/create-auth.ts, `ownerIdOf`). A request
// carrying a key (`Authorization: Bearer aoe_sbx_…`) gets the key's quota and its traces are the key's.

/** What a key starts with: recognisable in a log or a leaked file (secret scanners look for such prefixes). */
export const SANDBOX_KEY_PREFIX = "aoe_sbx_";
/** Random bytes of a key: 256 bits. */
const KEY_BYTES = 32;
const KEY = /^aoe_sbx_[A-Za-z0-9_-]{43}$/;
/** A key's public id (in lists and traces): 12 hex characters. */
const KEY_ID = /^[0-9a-f]{12}$/;
export const MAX_SANDBOX_KEYS_PER_OWNER = 5;
/** A key's name: what its owner calls it (a CI pipeline, a colleague's machine). */
export const MAX_SANDBOX_KEY_NAME_LENGTH = 60;
/** Keys of everyone together, an upper bound of the index (five per person who signed in). */
const MAX_KEYS_IN_ALL = 1_000_000;

const NAMESPACE = "sandbox-key";
const BY_HASH = "by-hash";
const ownerGroup = (owner: string) => `owner:${owner}`;

export interface SandboxApiKey {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  /** Strict mode: any warning (a replay included) refuses the header with a Fault. */
  readonly strict: boolean;
}

/** The key a request carried, resolved: its id, its owner and its setting. */
export interface ResolvedSandboxKey {
  readonly id: string;
  readonly owner: string;
  readonly strict: boolean;
}

export type CreatedSandboxKey = { readonly key: string; readonly record: SandboxApiKey } | { readonly refused: "limit" | "name" };

export interface SandboxApiKeys {
  list(owner: string): Promise<SandboxApiKey[]>;
  create(owner: string, name: string, strict: boolean): Promise<CreatedSandboxKey>;
  revoke(owner: string, id: string): Promise<boolean>;
  setStrict(owner: string, id: string, strict: boolean): Promise<boolean>;
  /** The key a request carried, or undefined (not a key, unknown, revoked). */
  resolve(secret: string): Promise<ResolvedSandboxKey | undefined>;
}

export const isSandboxKeyId = (value: string): boolean => KEY_ID.test(value);
export const looksLikeSandboxKey = (value: string): boolean => KEY.test(value);

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

interface StoredKey extends SandboxApiKey {
  readonly hash: string;
}

function parseStored(value: string | undefined): StoredKey | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<StoredKey>;
    if (typeof parsed.id !== "string" || typeof parsed.name !== "string" || typeof parsed.createdAt !== "string" || typeof parsed.hash !== "string") return undefined;
    return { id: parsed.id, name: parsed.name, createdAt: parsed.createdAt, strict: parsed.strict === true, hash: parsed.hash };
  } catch {
    return undefined;
  }
}

/** A name as kept: trimmed, its whitespace runs one space, no control characters; undefined when empty or too long. */
export function sandboxKeyName(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  return name === "" || [...name].length > MAX_SANDBOX_KEY_NAME_LENGTH ? undefined : name;
}

export function sandboxApiKeys(state: SharedState, now: () => Date = () => new Date()): SandboxApiKeys {
  const entries = state.entries(NAMESPACE);
  const stored = async (owner: string, id: string) => parseStored(await entries.get(ownerGroup(owner), id));
  return {
    list: async (owner) => {
      const all = await entries.all(ownerGroup(owner));
      return [...all.values()]
        .map(parseStored)
        .filter((key): key is StoredKey => key !== undefined)
        .map(({ id, name, createdAt, strict }) => ({ id, name, createdAt, strict }))
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    },
    create: async (owner, givenName, strict) => {
      const name = sandboxKeyName(givenName);
      if (name === undefined) return { refused: "name" };
      const key = `${SANDBOX_KEY_PREFIX}${randomBytes(KEY_BYTES).toString("base64url")}`;
      const record: StoredKey = { id: randomBytes(6).toString("hex"), name, createdAt: now().toISOString(), strict, hash: hashOf(key) };
      // The owner's list first (its bound is the one that refuses), then the index by hash.
      if (!(await entries.set(ownerGroup(owner), record.id, JSON.stringify(record), MAX_SANDBOX_KEYS_PER_OWNER))) return { refused: "limit" };
      await entries.set(BY_HASH, record.hash, JSON.stringify({ id: record.id, owner }), MAX_KEYS_IN_ALL);
      const { hash: _hash, ...shown } = record;
      return { key, record: shown };
    },
    revoke: async (owner, id) => {
      const key = await stored(owner, id);
      if (!key) return false;
      await entries.delete(BY_HASH, key.hash);
      return entries.delete(ownerGroup(owner), id);
    },
    setStrict: async (owner, id, strict) => {
      const key = await stored(owner, id);
      if (!key) return false;
      return entries.set(ownerGroup(owner), id, JSON.stringify({ ...key, strict }), MAX_SANDBOX_KEYS_PER_OWNER);
    },
    resolve: async (secret) => {
      if (!looksLikeSandboxKey(secret)) return undefined;
      const hash = hashOf(secret);
      const indexed = await entries.get(BY_HASH, hash);
      if (indexed === undefined) return undefined;
      let reference: { id?: unknown; owner?: unknown };
      try {
        reference = JSON.parse(indexed) as { id?: unknown; owner?: unknown };
      } catch {
        return undefined;
      }
      if (typeof reference.id !== "string" || typeof reference.owner !== "string") return undefined;
      // The owner's record is the truth (a revoked key is gone from it), compared by hash in constant time.
      const key = await stored(reference.owner, reference.id);
      if (!key || !timingSafeEqual(Buffer.from(key.hash, "hex"), Buffer.from(hash, "hex"))) return undefined;
      return { id: key.id, owner: reference.owner, strict: key.strict };
    },
  };
}

/** The key of an `Authorization: Bearer …` header, or undefined (none, another scheme); null: a Bearer that is no key. */
export function bearerKey(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header);
  if (!match) return null;
  return match[1] as string;
}
