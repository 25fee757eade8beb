import { createHash, X509Certificate } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AuthorityKey } from "./authority-key.js";
import { PINNED_KEY_FINGERPRINTS } from "./cli-pinned-keys.js";
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
 *
 * It cannot be turned against its user (a key server that hands out its own key would decrypt the
 * password from the header made with it): the key set comes over https: only (or from a file: the user
 * names), a redirect is followed only within the key set's origin, the certificates come from that
 * origin, and the certificate is used only when its SHA-256 is one the USER trusts (--fingerprint, or
 * one pinned in this tool's own bundle, cli-pinned-keys.ts), never merely the one the answer publishes.
 * A key set in a file on this machine is the user's own: its fingerprints count as given.
 */
/** The key set is a few hundred bytes a key; anything larger is not one. */
export const KEY_SET_MAX_BYTES = 64 * 1024;
/** A certificate is a few KB. */
export const KEY_CERTIFICATE_MAX_BYTES = 64 * 1024;
/** Each of the two requests (key set, certificate) must be answered whole within this. */
export const KEY_FROM_TIMEOUT_MS = 10_000;
/** More keys than this is not a key set. */
export const KEY_SET_MAX_KEYS = 32;
/** Redirects followed (each within the key set's origin) before giving up. */
export const KEY_FROM_MAX_REDIRECTS = 5;

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

/**
 * Why --key-from refuses, and the CLI's exit status for it: "no-key" (no key valid on the date: 4),
 * "unreachable" (the key set or certificate could not be read: no answer, an HTTP error, too slow or too
 * large; 5), "refused" (not trusted or not a key set: http:, a redirect to another origin, a fingerprint
 * the user does not trust or that does not match, malformed JSON; 6).
 */
export type KeyFromFailure = "no-key" | "unreachable" | "refused";

export class KeyFromError extends Error {
  readonly kind: KeyFromFailure;

  constructor(message: string, kind: KeyFromFailure = "refused") {
    super(message);
    this.name = "KeyFromError";
    this.kind = kind;
  }
}

const STATUSES = new Set<string>(["current", "next", "retired"]);
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const FINGERPRINT = /^[0-9a-f]{64}$/;

/**
 * A certificate's address: https: on the key set's own origin; for a key set in a file, a file: (a path
 * relative to it) or an https: address.
 */
function certificateUrl(value: string, base: string | undefined, what: string): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new KeyFromError(`${what} is not a URL`);
  }
  const from = base === undefined ? null : new URL(base);
  if (from?.protocol === "file:") {
    if (url.protocol !== "file:" && url.protocol !== "https:") throw new KeyFromError(`${what} must be a file path or an https URL`);
  } else if (url.protocol !== "https:") {
    throw new KeyFromError(`${what} must be an https URL`);
  } else if (from && url.origin !== from.origin) {
    throw new KeyFromError(`${what} is on another origin (${url.origin}) than the key set (${from.origin}): refused`);
  }
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
      certificatePem: certificateUrl(text("certificatePem"), baseUrl, `${where}: "certificatePem"`),
      certificateDer: certificateUrl(text("certificateDer"), baseUrl, `${where}: "certificateDer"`),
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

interface GetOptions {
  fetchImpl: typeof fetch;
  timeoutMs: number;
  accept: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The bytes at `url`, at most `maxBytes` within `timeoutMs`: an https: address (a redirect followed only
 * within its origin, at most KEY_FROM_MAX_REDIRECTS), or a file: the user named.
 */
async function boundedGet(url: string, what: string, maxBytes: number, options: GetOptions): Promise<Uint8Array> {
  const target = new URL(url);
  if (target.protocol === "file:") return boundedRead(target, what, maxBytes);
  if (target.protocol !== "https:") throw new KeyFromError(`${what}: ${url} is not an https URL: refused (a key over plain http can be swapped on the way)`);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    let current = target;
    for (let redirects = 0; ; redirects += 1) {
      const response = await options.fetchImpl(current.href, { headers: { accept: options.accept }, signal, redirect: "manual" });
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        const next = location === null ? null : parsedUrl(location, current);
        if (!next) throw new KeyFromError(`${what}: a redirect without a valid Location from ${current.href}`);
        if (next.origin !== target.origin) throw new KeyFromError(`${what}: ${current.href} redirects to another origin (${next.origin}): refused`);
        if (redirects >= KEY_FROM_MAX_REDIRECTS) throw new KeyFromError(`${what}: more than ${KEY_FROM_MAX_REDIRECTS} redirects from ${url}`, "unreachable");
        current = next;
        continue;
      }
      return await boundedBody(response, what, maxBytes, current.href);
    }
  } catch (error) {
    if (error instanceof KeyFromError) throw error;
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw new KeyFromError(`${what}: no complete answer within ${options.timeoutMs / 1000} s from ${url}`, "unreachable");
    throw new KeyFromError(`${what}: ${url} could not be reached (${describeNetworkError(error)})`, "unreachable");
  }
}

/** `new URL`, or null (URL.parse is Node.js 22+: the bundle runs on Node.js 20). */
function parsedUrl(value: string, base: URL): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** Why a fetch failed, in a few words (undici keeps the reason in `cause`: a refused connection, a certificate not trusted…). */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const text = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : (error as Error).message;
  return String(text).slice(0, 200);
}

async function boundedBody(response: Response, what: string, maxBytes: number, url: string): Promise<Uint8Array> {
  if (!response.ok) {
    await response.body?.cancel();
    throw new KeyFromError(`${what}: HTTP status ${response.status} from ${url}`, "unreachable");
  }
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new KeyFromError(`${what} is larger than ${maxBytes / 1024} KB`, "unreachable");
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
        throw new KeyFromError(`${what} is larger than ${maxBytes / 1024} KB`, "unreachable");
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

async function boundedRead(url: URL, what: string, maxBytes: number): Promise<Uint8Array> {
  const file = fileURLToPath(url);
  try {
    if ((await stat(file)).size > maxBytes) throw new KeyFromError(`${what} is larger than ${maxBytes / 1024} KB`, "unreachable");
    return await readFile(file);
  } catch (error) {
    if (error instanceof KeyFromError) throw error;
    throw new KeyFromError(`${what}: the file ${file} cannot be read`, "unreachable");
  }
}

/** A SHA-256 fingerprint as users copy it (hex, any case, with or without colons) in the key set's form (64 lowercase hex); null if it is none. */
export function normalizeFingerprint(value: string): string | null {
  const hex = value.trim().replace(/:/g, "").toLowerCase();
  return FINGERPRINT.test(hex) ? hex : null;
}

export interface KeyFromResult {
  key: AuthorityKey;
  picked: PublishedKey;
  /** Where the fingerprint the certificate was checked against comes from. */
  trustedBy: "--fingerprint" | "pinned" | "key set file";
}

export interface KeyFromOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** The fingerprints the user trusts (--fingerprint), 64 lowercase hex. */
  fingerprints?: readonly string[];
  /** The fingerprints pinned in this tool (default: the bundle's, cli-pinned-keys.ts). */
  pinned?: readonly string[];
}

/**
 * Reads the key set at `url` (https:, or file:), picks the key for `date`, refuses it unless its
 * fingerprint is one the user trusts, fetches its certificate (PEM) and checks that the SHA-256 of its
 * DER is that fingerprint. Throws KeyFromError (the CLI: exit 4, 5 or 6 by its kind).
 */
export async function keyFromUrl(url: string, date: Date, { fetchImpl = fetch, timeoutMs = KEY_FROM_TIMEOUT_MS, fingerprints = [], pinned = PINNED_KEY_FINGERPRINTS }: KeyFromOptions = {}): Promise<KeyFromResult> {
  const options = { fetchImpl, timeoutMs };
  const bytes = await boundedGet(url, "--key-from: the key set", KEY_SET_MAX_BYTES, { ...options, accept: "application/json" });
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
    throw new KeyFromError(`--key-from: no key of the key set is valid on ${date.toISOString()} (none that is not retired with validFrom ≤ that time < validUntil)`, "no-key");
  }
  const trustedBy = fingerprints.includes(picked.fingerprintSha256)
    ? "--fingerprint"
    : pinned.includes(picked.fingerprintSha256)
      ? "pinned"
      : new URL(url).protocol === "file:"
        ? "key set file"
        : null;
  if (trustedBy === null) {
    throw new KeyFromError(
      `--key-from: key "${picked.id}" (${picked.status}, valid ${picked.validFrom} to ${picked.validUntil}) has the SHA-256 fingerprint ${picked.fingerprintSha256}, ` +
        "which you have not said you trust: a key server cannot vouch for its own key. Compare it with the fingerprint the portal's page shows " +
        `(the checker page lists the sandbox's keys), then give it: --fingerprint ${picked.fingerprintSha256}`,
    );
  }
  const pem = await boundedGet(picked.certificatePem, `--key-from: the certificate of key "${picked.id}"`, KEY_CERTIFICATE_MAX_BYTES, {
    ...options,
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
    throw new KeyFromError(`--key-from: the certificate of key "${picked.id}" has the SHA-256 fingerprint ${fingerprint}, not the trusted ${picked.fingerprintSha256}: refused`);
  }
  return { key: parseAuthorityKey(certificate.raw), picked, trustedBy };
}
