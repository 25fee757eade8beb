import { createDecipheriv, createHash, KeyObject, timingSafeEqual } from "node:crypto";
import forge from "node-forge";

// Decryption for the verifier. RSA PKCS#1 v1.5 DEcryption is done by node-forge, not node:crypto:
// Node 20.11+, 22 and 24 refuse `privateDecrypt` with RSA_PKCS1_PADDING (CVE-2023-46809, the Marvin
// timing attack) unless started with --security-revert, and forge works the same on every version.
// forge's padding check is NOT constant-time: whoever can send chosen ciphertexts and time the answers
// can, with enough queries, decrypt or sign with the key. So the verifier must only ever hold the
// portal's LOCAL TEST key, never an authority key or any key that protects something real.

export type VerifierPrivateKey = string | KeyObject;

const forgeKeys = new Map<string, forge.pki.rsa.PrivateKey>();
const MAX_CACHED_KEYS = 4;

export function forgePrivateKey(key: VerifierPrivateKey): forge.pki.rsa.PrivateKey {
  const pem = key instanceof KeyObject ? String(key.export({ type: "pkcs8", format: "pem" })) : key;
  let parsed = forgeKeys.get(pem);
  if (!parsed) {
    try {
      parsed = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
    } catch {
      // The key is the caller's configuration, not a stranger's input: say so plainly (no key bytes).
      throw new TypeError("verifySecurityHeader: privateKey must be an unencrypted RSA private key (PEM or KeyObject)");
    }
    if (forgeKeys.size >= MAX_CACHED_KEYS) forgeKeys.delete(forgeKeys.keys().next().value as string);
    forgeKeys.set(pem, parsed);
  }
  return parsed;
}

export function modulusBytes(key: forge.pki.rsa.PrivateKey): number {
  return Math.ceil(key.n.bitLength() / 8);
}

/** RSAES-PKCS1-v1_5 decryption; null when the ciphertext is not one for this key. */
export function rsaDecrypt(key: forge.pki.rsa.PrivateKey, ciphertext: Buffer): Buffer | null {
  if (ciphertext.length !== modulusBytes(key)) return null;
  try {
    return Buffer.from(key.decrypt(ciphertext.toString("binary"), "RSAES-PKCS1-V1_5"), "binary");
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

/** Compares two secrets in constant time (over their SHA-256, so lengths leak nothing either). */
export function sameSecret(a: Uint8Array, b: Uint8Array): boolean {
  const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
  return timingSafeEqual(digest(a), digest(b));
}
