import { constants, createCipheriv, createHash, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { headerGenerator, type GenerateSecurityHeader } from "./header-core.js";
import type { ValidatedPublicKey } from "./public-key.js";

// The Node implementation (the package's "node" export condition): node:crypto (OpenSSL) throughout.

// Key objects by modulus and exponent: a server may hand the same JWK as a fresh object each time.
const keyObjects = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 32;

function keyObject(key: ValidatedPublicKey): KeyObject {
  const id = `${key.jwk.n}.${key.jwk.e}`;
  let object = keyObjects.get(id);
  if (!object) {
    object = createPublicKey({ key: { ...key.jwk }, format: "jwk" });
    if (keyObjects.size >= MAX_CACHED_KEYS) keyObjects.delete(keyObjects.keys().next().value as string);
    keyObjects.set(id, object);
  }
  return object;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export const generateSecurityHeader: GenerateSecurityHeader = headerGenerator<KeyObject>({
  prepareKey: keyObject,
  sessionKey: () => randomBytes(16),
  aesEncrypt(key, data) {
    const cipher = createCipheriv("aes-128-ecb", key, null); // PKCS#7 padding is OpenSSL's default
    return Buffer.concat([cipher.update(data), cipher.final()]);
  },
  sha1: (data) => createHash("sha1").update(data).digest(),
  rsaEncrypt: (key, data) => publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, data),
  utf8: (text) => Buffer.from(text, "utf8"),
  base64: (bytes) => asBuffer(bytes).toString("base64"),
});
