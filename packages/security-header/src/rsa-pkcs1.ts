// Consumers type-check these sources (the "types" export), possibly without including this folder:
// the reference carries the forge submodule typings along with the import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./forge-modules.d.ts" />
import jsbn from "node-forge/lib/jsbn.js";
import { toHex } from "./bytes.js";
import type { ValidatedPublicKey } from "./public-key.js";

// The browser's RSAES-PKCS1-v1_5 encryption (WebCrypto has only RSA-OAEP). The modular
// exponentiation is node-forge's jsbn, the big-integer code forge's own rsa.js uses; forge's rsa.js
// itself is not imported because it drags in ASN.1, OIDs, prime generation and a second AES and
// SHA-256 for its PRNG (about 32 KB gzipped). The encoding is RFC 8017 §7.2.1 step 2, checked against
// `openssl pkeyutl -decrypt` and Java's Cipher "RSA" in the tests.

type BigInteger = InstanceType<typeof jsbn.BigInteger>;

export interface BrowserRsaKey {
  readonly modulus: BigInteger;
  readonly exponent: BigInteger;
  /** k: the modulus length in bytes. */
  readonly length: number;
}

export function browserRsaKey(key: ValidatedPublicKey): BrowserRsaKey {
  return {
    modulus: new jsbn.BigInteger(toHex(key.modulus), 16),
    exponent: new jsbn.BigInteger(toHex(key.exponent), 16),
    length: Math.ceil(key.keySizeBits / 8),
  };
}

/** `randomBytes(n)` must be a CSPRNG (crypto.getRandomValues). */
export function rsaEncryptPkcs1v15(key: BrowserRsaKey, message: Uint8Array, randomBytes: (n: number) => Uint8Array): Uint8Array {
  const k = key.length;
  if (message.length > k - 11) throw new RangeError("Message too long for RSAES-PKCS1-v1_5");
  // EM = 0x00 ‖ 0x02 ‖ PS ‖ 0x00 ‖ M, PS: k − mLen − 3 (≥ 8) random NON-ZERO octets.
  const encoded = new Uint8Array(k);
  encoded[1] = 0x02;
  const padding = encoded.subarray(2, k - message.length - 1);
  let filled = 0;
  while (filled < padding.length) {
    for (const byte of randomBytes(padding.length - filled + 8)) {
      if (byte !== 0 && filled < padding.length) padding[filled++] = byte;
    }
  }
  encoded.set(message, k - message.length);
  // RSAEP: c = m^e mod n, then I2OSP(c, k).
  const cipher = new jsbn.BigInteger(toHex(encoded), 16).modPow(key.exponent, key.modulus);
  encoded.fill(0);
  const hex = cipher.toString(16).padStart(2 * k, "0"); // c < n, so at most k bytes
  const out = new Uint8Array(k);
  for (let i = 0; i < k; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
