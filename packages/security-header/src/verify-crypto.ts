import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

// Decryption for the verifier, all by node:crypto (OpenSSL). The Nonce is RSA PKCS#1 v1.5 decrypted with
// `privateDecrypt`, which is safe against padding oracles (the Marvin attack, CVE-2023-46809) only where
// OpenSSL does IMPLICIT REJECTION (OpenSSL 3.2+, as in Node.js 24): a ciphertext with bad padding then
// decrypts, in constant time, to bytes derived from the key and the ciphertext instead of failing, so
// a wrong key and a broken padding look alike. Node.js 20 (OpenSSL 3.0) refuses the call instead; older
// runtimes threw on bad padding (an oracle). The verifier therefore proves implicit rejection for each
// key before it decrypts anything with it (`probeImplicitRejection`), and refuses to work without it.

export type VerifierPrivateKey = string | KeyObject;

/** A parsed private key the verifier may use: implicit rejection was proven for it on this runtime. */
export interface VerifierKey {
  readonly key: KeyObject;
  readonly modulusBytes: number;
}

export type ImplicitRejectionProbe = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Thrown (never a finding) when the runtime cannot decrypt the Nonce without a padding oracle. */
export class ImplicitRejectionUnavailableError extends Error {
  constructor(reason: string) {
    super(`verifySecurityHeader: this runtime does not do implicit rejection for RSA PKCS#1 v1.5 decryption (${reason}); refusing to decrypt (Node.js 24 or later is needed)`);
    this.name = "ImplicitRejectionUnavailableError";
  }
}

const PKCS1 = constants.RSA_PKCS1_PADDING;
const keys = new Map<VerifierPrivateKey, VerifierKey>();
const MAX_CACHED_KEYS = 8;

function parsePrivateKey(key: VerifierPrivateKey): KeyObject {
  let parsed: KeyObject;
  try {
    parsed = key instanceof KeyObject ? key : createPrivateKey(key);
  } catch {
    parsed = undefined as unknown as KeyObject;
  }
  if (!parsed || parsed.type !== "private" || parsed.asymmetricKeyType !== "rsa") {
    // The key is the caller's configuration, not a stranger's input: say so plainly (no key bytes).
    throw new TypeError("verifySecurityHeader: privateKey must be an unencrypted RSA private key (PEM or KeyObject)");
  }
  return parsed;
}

/**
 * Proves that `privateDecrypt` with RSA_PKCS1_PADDING does implicit rejection for this key on this
 * runtime: a good ciphertext decrypts to its message, and a deliberately broken one decrypts to other
 * bytes (the same ones each time) instead of throwing.
 */
export function probeImplicitRejection(privateKey: VerifierPrivateKey): ImplicitRejectionProbe {
  const key = parsePrivateKey(privateKey);
  const message = randomBytes(16);
  const good = publicEncrypt({ key: createPublicKey(key), padding: PKCS1 }, message);
  // The broken ciphertext: the good one with its last byte changed, which ruins the padding (and stays
  // below the modulus, whose first byte is never 0).
  const broken = Buffer.from(good);
  broken[broken.length - 1] = (broken[broken.length - 1] ?? 0) ^ 0x5a;
  const decrypt = (ciphertext: Buffer) => privateDecrypt({ key, padding: PKCS1 }, ciphertext);
  try {
    if (!decrypt(good).equals(message)) return { ok: false, reason: "a good ciphertext did not decrypt to its message" };
  } catch (error) {
    return { ok: false, reason: `PKCS#1 v1.5 decryption is refused: ${(error as Error).message}` };
  }
  let first: Buffer;
  let second: Buffer;
  try {
    first = decrypt(broken);
    second = decrypt(broken);
  } catch {
    return { ok: false, reason: "a ciphertext with bad padding throws (a padding oracle) instead of decrypting to substitute bytes" };
  }
  if (first.equals(message)) return { ok: false, reason: "a broken ciphertext decrypted to the original message" };
  if (!first.equals(second)) return { ok: false, reason: "a broken ciphertext decrypts to different bytes each time" };
  return { ok: true };
}

/** The parsed key, probed once per key (cached); throws when the key is bad or the runtime unsafe. */
export function verifierKey(privateKey: VerifierPrivateKey): VerifierKey {
  const cached = keys.get(privateKey);
  if (cached) return cached;
  const key = parsePrivateKey(privateKey);
  const probe = probeImplicitRejection(key);
  if (!probe.ok) throw new ImplicitRejectionUnavailableError(probe.reason);
  const modulusBits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  const entry: VerifierKey = { key, modulusBytes: Math.ceil(modulusBits / 8) };
  if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value as VerifierPrivateKey);
  keys.set(privateKey, entry);
  return entry;
}

/**
 * RSAES-PKCS1-v1_5 decryption with implicit rejection: a ciphertext that is not for this key gives
 * substitute bytes, not an error. Null only for what is public anyway: a length other than the
 * modulus's, or a value not below the modulus.
 */
export function rsaDecrypt(key: VerifierKey, ciphertext: Buffer): Buffer | null {
  if (ciphertext.length !== key.modulusBytes) return null;
  try {
    return privateDecrypt({ key: key.key, padding: PKCS1 }, ciphertext);
  } catch {
    return null;
  }
}

/** The padding schemes a Nonce is tried with: PKCS#1 v1.5 (the authority's), then RSA-OAEP, a usual mistake. */
export type NoncePadding = "pkcs1" | "oaep-sha1" | "oaep-sha256";

/**
 * RSAES-OAEP decryption (MGF1 with the same hash), for naming a Nonce encrypted with OAEP instead of
 * PKCS#1 v1.5 (Java's "RSA/ECB/OAEPWithSHA-1AndMGF1Padding", .NET's RSAEncryptionPadding.OaepSHA1 or
 * OaepSHA256). Null when it does not decrypt. OpenSSL checks OAEP in constant time and fails one way
 * whatever is wrong; "decrypts with OAEP" is only said of a ciphertext a sender made with OAEP for this
 * key (a changed one fails OAEP's hash check), and the key is the portal's own test key.
 */
export function rsaDecryptOaep(key: VerifierKey, ciphertext: Buffer, padding: Exclude<NoncePadding, "pkcs1">): Buffer | null {
  if (ciphertext.length !== key.modulusBytes) return null;
  try {
    return privateDecrypt({ key: key.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: padding === "oaep-sha1" ? "sha1" : "sha256" }, ciphertext);
  } catch {
    return null;
  }
}

/**
 * How an AES value was encrypted: ECB (the authority's), or CBC, a usual mistake, with an IV of zeros
 * (.NET's default Aes with a zero IV, some PHP code) or with a random IV sent as the first block.
 */
export type AesMode = "ecb" | "cbc-zero-iv" | "cbc-prepended-iv";
export const AES_MODES = ["ecb", "cbc-zero-iv", "cbc-prepended-iv"] as const satisfies readonly AesMode[];

/** AES-128 with PKCS#5 padding in `mode` (AES-128-ECB, or CBC with a zero or a prepended IV); null when it does not decrypt. */
export function aesDecryptIn(mode: AesMode, key: Buffer, ciphertext: Buffer): Buffer | null {
  if (mode === "ecb") return aesDecrypt(key, ciphertext);
  const prepended = mode === "cbc-prepended-iv";
  const iv = prepended ? ciphertext.subarray(0, 16) : Buffer.alloc(16);
  const body = prepended ? ciphertext.subarray(16) : ciphertext;
  if (key.length !== 16 || iv.length !== 16 || body.length === 0 || body.length % 16 !== 0) return null;
  try {
    const decipher = createDecipheriv("aes-128-cbc", key, iv);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}

/** AES-128-ECB with PKCS#5 padding; null when the key, length or padding is wrong. */
export function aesDecrypt(key: Buffer, ciphertext: Buffer): Buffer | null {
  if (key.length !== 16 || ciphertext.length === 0 || ciphertext.length % 16 !== 0) return null;
  try {
    const decipher = createDecipheriv("aes-128-ecb", key, null);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}

export function sha1(...parts: readonly Uint8Array[]): Buffer {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/**
 * What a replay check remembers of a header's secret part (the session key Ks, or the Digest as sent):
 * its SHA-256 with the part's name, hex. One-way, and never a value of the password.
 */
export function replayMark(kind: "nonce-key" | "digest", bytes: Uint8Array): string {
  return createHash("sha256").update(`${kind}\u0000`).update(bytes).digest("hex");
}

/** Compares two secrets in constant time (over their SHA-256, so lengths leak nothing either). */
export function sameSecret(a: Uint8Array, b: Uint8Array): boolean {
  const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
  return timingSafeEqual(digest(a), digest(b));
}
