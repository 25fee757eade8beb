import { createHash, createPublicKey } from "node:crypto";
import { rsaDecrypt, rsaDecryptOaep, verifierKey, type NoncePadding, type VerifierKey, type VerifierPrivateKey } from "./verify-crypto.js";

// The keys a header may have been made for (a sandbox rehearsing a key rotation holds a current, a next
// and a retired one), and how the verifier finds which of them a Nonce was made for.

export type VerifierKeyStatus = "current" | "next" | "retired";
export const VERIFIER_KEY_STATUSES = ["current", "next", "retired"] as const satisfies readonly VerifierKeyStatus[];

export interface VerifierKeyEntry {
  /** Names the key in results, findings and traces (e.g. "2026-current"); not secret. */
  readonly id: string;
  /** "retired": a header for it gets NONCE_RETIRED_KEY; "next" and "current" are accepted. */
  readonly status: VerifierKeyStatus;
  readonly privateKey: VerifierPrivateKey;
  /** How the key is shown to integrators: the SHA-256 fingerprint of its certificate. */
  readonly fingerprintSha256: string;
  /**
   * When the key's validity begins (ISO 8601), if it has one: a header for a "next" key before then is
   * accepted with the warning NONCE_KEY_NOT_YET_VALID (the CLI warns the same, CERT_NOT_YET_VALID).
   */
  readonly validFrom?: string;
}

/** The id a lone `privateKey` gets (one entry, status "current"). */
export const DEFAULT_KEY_ID = "default";
const MAX_KEYS = 8;

export interface ResolvedKey {
  readonly entry: Omit<VerifierKeyEntry, "privateKey">;
  readonly key: VerifierKey;
  readonly modulusBits: number;
}

/**
 * The keys to try, in the order given, each parsed and proven (implicit rejection) once. Throws a
 * TypeError for the caller's mistakes (no key, both forms, a bad entry), never for the header.
 */
export function resolveKeys(options: { readonly privateKey?: VerifierPrivateKey; readonly keys?: readonly VerifierKeyEntry[] }): ResolvedKey[] {
  const { privateKey, keys } = options;
  if (keys !== undefined && privateKey !== undefined) throw new TypeError("verifySecurityHeader: give either privateKey or keys, not both");
  if (keys === undefined) {
    if (privateKey === undefined) throw new TypeError("verifySecurityHeader: a privateKey or keys is needed");
    const key = verifierKey(privateKey);
    return [{ entry: { id: DEFAULT_KEY_ID, status: "current", fingerprintSha256: spkiFingerprint(key) }, key, modulusBits: key.modulusBytes * 8 }];
  }
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) {
    throw new TypeError(`verifySecurityHeader: keys must list 1 to ${MAX_KEYS} keys`);
  }
  const ids = new Set<string>();
  return keys.map(({ id, status, privateKey: entryKey, fingerprintSha256, validFrom }) => {
    if (typeof id !== "string" || id === "" || ids.has(id)) throw new TypeError("verifySecurityHeader: each key needs its own non-empty id");
    if (!VERIFIER_KEY_STATUSES.includes(status)) throw new TypeError(`verifySecurityHeader: the key ${id} has an unknown status`);
    if (typeof fingerprintSha256 !== "string") throw new TypeError(`verifySecurityHeader: the key ${id} needs its fingerprintSha256`);
    if (validFrom !== undefined && Number.isNaN(Date.parse(validFrom))) throw new TypeError(`verifySecurityHeader: the key ${id} has a validFrom that is no date`);
    ids.add(id);
    const key = verifierKey(entryKey);
    return { entry: { id, status, fingerprintSha256, ...(validFrom === undefined ? {} : { validFrom }) }, key, modulusBits: key.modulusBytes * 8 };
  });
}

/** SHA-256 of the public key's SubjectPublicKeyInfo (DER), as `AB:CD:...`: a lone key has no certificate. */
function spkiFingerprint(key: VerifierKey): string {
  const der = createPublicKey(key.key).export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex").toUpperCase().replace(/(..)(?!$)/g, "$1:");
}

export type NonceKeyOutcome =
  /** No key has the Nonce's length (public information: it says which key size the Nonce fits). */
  | { readonly kind: "length"; readonly tried: readonly ResolvedKey[] }
  /** No key of that length fits; `sessionKey` is what the FIRST of them gave, if 16 bytes (see below). */
  | { readonly kind: "none"; readonly tried: readonly ResolvedKey[]; readonly first: ResolvedKey; readonly sessionKey: Buffer | null }
  /** `padding`: PKCS#1 v1.5, or OAEP (a mistake the verifier names; tried with the first key only, below). */
  | { readonly kind: "fits"; readonly tried: readonly ResolvedKey[]; readonly key: ResolvedKey; readonly sessionKey: Buffer; readonly padding: NoncePadding };

/**
 * Which key the Nonce was made for. The keys whose modulus has the Nonce's length are tried in the order
 * given; a key FITS when RSA (with implicit rejection) gives 16 bytes AND `aesCheck` (the Password, or
 * the encrypted Created, AES-decrypted with those bytes) finds valid padding. A Nonce made for another
 * key decrypts to substitute bytes, 16 long about once in 250 (2048-bit) to 500 (4096-bit), and those
 * then pass the AES padding check about once in 256: choosing a wrong key is a ~1 in 64,000 event, and
 * it then fails the Digest or the password as a broken header would.
 *
 * Why this is no oracle beyond "which of our keys": for a stranger's ciphertext, a single-key verifier
 * answers, per key, one of three things (not 16 bytes → NONCE_UNDECRYPTABLE; 16 bytes but bad AES padding
 * → PASSWORD_UNDECRYPTABLE; fits → the later findings). This function returns (a) the first key that
 * fits, whose later findings are exactly what the single-key verifier with THAT key says, or (b) when no
 * key fits, exactly the single-key answer for the FIRST key of that length (`first`, `sessionKey`), with
 * no word about the others. So the answer is always one single-key verifier's answer plus, at most, the
 * index of a key that fits, which the result names anyway (`keyId`); each single-key answer is safe
 * because implicit rejection makes the substitute bytes independent of the padding's validity. The time
 * taken grows with the index of the key that fits: that index is in the result anyway.
 *
 * When no key fits with PKCS#1 v1.5, the FIRST key of that length is tried with RSA-OAEP (SHA-1, then
 * SHA-256): a Nonce that a sender made with OAEP for it is named (NONCE_OAEP) instead of being one more
 * NONCE_UNDECRYPTABLE. OAEP fails one way whatever is wrong, and a ciphertext changed by a stranger fails
 * its hash check, so this says nothing about PKCS#1 v1.5 decryption. Only the first key, so that a broken
 * Nonce costs two RSA operations more, not two per key.
 */
export function nonceKey(nonce: Buffer, keys: readonly ResolvedKey[], aesCheck: (sessionKey: Buffer) => boolean): NonceKeyOutcome {
  const tried = keys.filter((candidate) => candidate.key.modulusBytes === nonce.length);
  const [first] = tried;
  if (!first) return { kind: "length", tried };
  let firstKey: Buffer | null = null;
  for (const candidate of tried) {
    const clear = rsaDecrypt(candidate.key, nonce);
    const sessionKey = clear && clear.length === 16 ? clear : null;
    if (candidate === first) firstKey = sessionKey;
    if (sessionKey && aesCheck(sessionKey)) return { kind: "fits", tried, key: candidate, sessionKey, padding: "pkcs1" };
  }
  for (const padding of ["oaep-sha1", "oaep-sha256"] as const) {
    const clear = rsaDecryptOaep(first.key, nonce, padding);
    if (clear && clear.length === 16 && aesCheck(clear)) return { kind: "fits", tried, key: first, sessionKey: clear, padding };
  }
  return { kind: "none", tried, first, sessionKey: firstKey };
}

/** A Nonce length is one RSA block of a usual key size (a multiple of 512 bits, 1024 to 8192). */
export function keyBitsOfNonce(nonceBytes: number): number | null {
  const bits = nonceBytes * 8;
  return bits >= 1024 && bits <= 8192 && bits % 512 === 0 ? bits : null;
}
