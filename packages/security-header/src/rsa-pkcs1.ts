// Consumers type-check these sources (the "types" export), possibly without including this folder:
// the reference carries the forge submodule typings along with the import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./forge-modules.d.ts" />
import jsbn from "node-forge/lib/jsbn.js";
import random from "node-forge/lib/random.js";
import rsa from "node-forge/lib/rsa.js";
import { binaryStringToBytes, bytesToBinaryString, toHex } from "./bytes.js";
import type { ValidatedPublicKey } from "./public-key.js";

// The browser's RSAES-PKCS1-v1_5 encryption (WebCrypto has only RSA-OAEP): node-forge's own rsa.js,
// padding and all (its random padding bytes come from forge's PRNG, seeded by crypto.getRandomValues).
// Only forge's RSA and big-integer modules are imported, not its X.509, PEM or TLS code: the browser
// gets the public key as a JWK, never a certificate to parse.

export type BrowserRsaKey = ReturnType<typeof rsa.setPublicKey>;

export function browserRsaKey(key: ValidatedPublicKey): BrowserRsaKey {
  return rsa.setPublicKey(new jsbn.BigInteger(toHex(key.modulus), 16), new jsbn.BigInteger(toHex(key.exponent), 16));
}

/** Bytes for the padding string PS, `length` at a time (forge drops zero bytes and asks again). */
export type PaddingRandomSource = (length: number) => Uint8Array;

/**
 * RSAES-PKCS1-v1_5 (RFC 8017 §7.2.1) by node-forge. `paddingRandom` replaces forge's PRNG for this one
 * call: only for reproducible test vectors (a fixed seed), never for a real header, whose padding must
 * be fresh random bytes. forge's padding takes its bytes from the shared `forge.random.getBytes` and has
 * no parameter for another source, so it is swapped for the call; the call is synchronous, so nothing
 * else can draw from it meanwhile.
 */
export function rsaEncryptPkcs1v15(key: BrowserRsaKey, message: Uint8Array, paddingRandom?: PaddingRandomSource): Uint8Array {
  const encrypt = () => binaryStringToBytes(key.encrypt(bytesToBinaryString(message), "RSAES-PKCS1-V1_5"));
  if (!paddingRandom) return encrypt();
  const forgeGetBytes = random.getBytes;
  random.getBytes = (count: number) => bytesToBinaryString(paddingRandom(count));
  try {
    return encrypt();
  } finally {
    random.getBytes = forgeGetBytes;
  }
}
