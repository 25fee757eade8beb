import { createHash, X509Certificate } from "node:crypto";
import type { AuthorityKey } from "./authority-key.js";
import { parseAuthorityKey } from "./parse-authority-key.js";

/**
 * The CLI's --key-from URL: picks the key by date from a published key set (the sandbox's
 * GET /areaOE/sandbox/keys), fetches its certificate and checks its fingerprint before use, so an
 * integrator rehearses the authority's yearly switch of certificate before it happens.
 *
 * The key set (JSON):
 * { "now": ISO, "keys": [ { "id", "status": "current" | "next" | "retired", "validFrom": ISO,
 *   "validUntil": ISO, "fingerprintSha256": 64 lowercase hex (SHA-256 of the DER certificate),
 *   "certificatePem": URL, "certificateDer": URL } ] }
 * Rule: among the keys not retired with validFrom ≤ date < validUntil, the one with the latest validFrom
 * (during an overlap, the next key).
 */

/** The key set is a few hundred bytes a key; anything larger is not one. */
export const KEY_SET_MAX_BYTES = 64 * 1024;
/** A certificate is a few KB. */
export const KEY_CERTIFICATE_MAX_BYTES = 64 * 1024;
/** Each of the two requests (key set, certificate) must be answered whole within this. */
export const KEY_FROM_TIMEOUT_MS = 10_000;
/** More keys than this is not a key set. */
export const KEY_SET_MAX_KEYS = 32;

export type KeyStatus = "current" | "next" | "retired";

export interface PublishedKey {
  id: string;
  status: KeyStatus;
  validFrom: string;
  validUntil: string;
  fingerprintSha256: string;
  certificatePem: string;
  certificateDer: string;
}

/** Why --key-from refuses: the CLI's usage error (exit 2), with this message. */
export class KeyFromError extends Error {}

const STATUSES = new Set<string>(["current", "next", "retired"]);
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const FINGERPRINT = /^[0-9a-f]{64}$/;

function httpUrl(value: string, base: string | undefined, what: string): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new KeyFromError(`${what} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new KeyFromError(`${what} must be an http or https URL`);
  return url.href;
}

/** Checks the key set's shape (every field of every key); throws KeyFromError naming what is wrong. */
export function parseKeySet(body: unknown, baseUrl?: string): PublishedKey[] {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (typeof body !== "object" || body === null || !Array.isArray(keys)) throw new KeyFromError('the key set is not a JSON object with a "keys" array');
  if (keys.length > KEY_SET_MAX_KEYS) throw new KeyFromError(`the key set lists more than ${KEY_SET_MAX_KEYS} keys`);
  return keys.map((value: unknown, index) => {
    const key = value as Record<string, unknown> | null;
    const where = `key #${index + 1} of the key set`;
    if (typeof key !== "object" || key === null) throw new KeyFromError(`${where} is not an object`);
    const text = (name: keyof PublishedKey) => {
      const field = key[name];
      if (typeof field !== "string" || field.length === 0 || field.length > 2_048) throw new KeyFromError(`${where} has no valid "${name}"`);
      return field;
    };
    const status = text("status");
    if (!STATUSES.has(status)) throw new KeyFromError(`${where} has status "${status.slice(0, 20)}": expected current, next or retired`);
    const date = (name: "validFrom" | "validUntil") => {
      const field = text(name);
      if (!ISO_UTC.test(field) || Number.isNaN(Date.parse(field))) throw new KeyFromError(`${where}: "${name}" is not an ISO 8601 UTC time`);
      return field;
    };
    const fingerprint = text("fingerprintSha256");
    if (!FINGERPRINT.test(fingerprint)) throw new KeyFromError(`${where}: "fingerprintSha256" is not 64 lowercase hex characters`);
    return {
      id: text("id"),
      status: status as KeyStatus,
      validFrom: date("validFrom"),
      validUntil: date("validUntil"),
      fingerprintSha256: fingerprint,
      certificatePem: httpUrl(text("certificatePem"), baseUrl, `${where}: "certificatePem"`),
      certificateDer: httpUrl(text("certificateDer"), baseUrl, `${where}: "certificateDer"`),
    };
  });
}

/** The key for `date`: not retired, validFrom ≤ date < validUntil, the latest validFrom first. */
export function pickKey(keys: readonly PublishedKey[], date: Date): PublishedKey | undefined {
  const at = date.getTime();
  return keys
    .filter((key) => key.status !== "retired" && Date.parse(key.validFrom) <= at && at < Date.parse(key.validUntil))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
}

/** GET `url`, at most `maxBytes` and `timeoutMs`; the body as bytes. Never follows more than fetch's own redirect limit. */
async function boundedGet(url: string, what: string, maxBytes: number, { fetchImpl, timeoutMs, accept }: { fetchImpl: typeof fetch; timeoutMs: number; accept: string }): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchImpl(url, { headers: { accept }, signal, redirect: "follow" });
    if (!response.ok) {
      await response.body?.cancel();
      throw new KeyFromError(`${what}: HTTP status ${response.status} from ${url}`);
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel();
      throw new KeyFromError(`${what} is larger than ${maxBytes / 1024} KB`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new KeyFromError(`${what} is larger than ${maxBytes / 1024} KB`);
        }
        chunks.push(value);
      }
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof KeyFromError) throw error;
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw new KeyFromError(`${what}: no complete answer within ${timeoutMs / 1000} s from ${url}`);
    throw new KeyFromError(`${what}: ${url} could not be reached`);
  }
}

export interface KeyFromResult {
  key: AuthorityKey;
  picked: PublishedKey;
}

/**
 * Reads the key set at `url`, picks the key for `date`, fetches its certificate (PEM) and checks that
 * the SHA-256 of its DER equals the published fingerprint. Throws KeyFromError (the CLI: exit 2).
 */
export async function keyFromUrl(
  url: string,
  date: Date,
  { fetchImpl = fetch, timeoutMs = KEY_FROM_TIMEOUT_MS }: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<KeyFromResult> {
  const bytes = await boundedGet(url, "--key-from: the key set", KEY_SET_MAX_BYTES, { fetchImpl, timeoutMs, accept: "application/json" });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new KeyFromError("--key-from: the key set is not JSON");
  }
  let keys: PublishedKey[];
  try {
    keys = parseKeySet(body, url);
  } catch (error) {
    throw new KeyFromError(`--key-from: ${(error as Error).message}`);
  }
  const picked = pickKey(keys, date);
  if (!picked) {
    throw new KeyFromError(`--key-from: no key of the key set is valid on ${date.toISOString()} (none that is not retired with validFrom ≤ that time < validUntil)`);
  }
  const pem = await boundedGet(picked.certificatePem, `--key-from: the certificate of key "${picked.id}"`, KEY_CERTIFICATE_MAX_BYTES, {
    fetchImpl,
    timeoutMs,
    accept: "application/x-pem-file, text/plain",
  });
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(pem));
  } catch {
    throw new KeyFromError(`--key-from: the certificate of key "${picked.id}" (${picked.certificatePem}) is not an X.509 certificate`);
  }
  const fingerprint = createHash("sha256").update(certificate.raw).digest("hex");
  if (fingerprint !== picked.fingerprintSha256) {
    throw new KeyFromError(
      `--key-from: the certificate of key "${picked.id}" has the SHA-256 fingerprint ${fingerprint}, not the published ${picked.fingerprintSha256}: refused`,
    );
  }
  return { key: parseAuthorityKey(certificate.raw), picked };
}
