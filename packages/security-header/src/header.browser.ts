import { ecb } from "@noble/ciphers/aes.js";
import { toBase64, utf8 } from "./bytes.js";
import { SecurityHeaderError } from "./errors.js";
import { headerGenerator, type GenerateSecurityHeader, type HeaderCrypto } from "./header-core.js";
import { browserRsaKey, rsaEncryptPkcs1v15, type BrowserRsaKey } from "./rsa-pkcs1.js";

// The browser implementation (the package's "browser"/default export condition): WebCrypto for the
// random bytes and SHA-1, @noble/ciphers for AES-128-ECB (WebCrypto has no ECB), forge for RSA.

function webCrypto(): Crypto {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.getRandomValues !== "function") {
    throw new SecurityHeaderError("RANDOM_UNAVAILABLE", "No cryptographic random number generator (crypto.getRandomValues) is available");
  }
  return crypto;
}

function randomBytes(length: number): Uint8Array {
  return webCrypto().getRandomValues(new Uint8Array(length));
}

/** The browser's primitives (the test-vector script reuses them with a fixed Ks and padding seed). */
export const browserHeaderCrypto: HeaderCrypto<BrowserRsaKey> = {
  prepareKey: browserRsaKey,
  sessionKey: () => randomBytes(16),
  aesEncrypt: (key, data) => ecb(key).encrypt(data), // PKCS#7 padding is the library default
  async sha1(data) {
    const subtle = webCrypto().subtle as SubtleCrypto | undefined;
    if (typeof subtle?.digest !== "function") {
      // Browsers expose crypto.subtle only on secure pages (https or localhost).
      throw new SecurityHeaderError("WEBCRYPTO_UNAVAILABLE", "The Web Crypto API (crypto.subtle) is not available: open the page over https");
    }
    return new Uint8Array(await subtle.digest("SHA-1", data as Uint8Array<ArrayBuffer>));
  },
  rsaEncrypt: (key, data) => rsaEncryptPkcs1v15(key, data),
  utf8,
  base64: toBase64,
};

export const generateSecurityHeader: GenerateSecurityHeader = headerGenerator(browserHeaderCrypto);
