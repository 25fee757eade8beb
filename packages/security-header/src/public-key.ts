import { MIN_RSA_KEY_BITS, type AuthorityKey, type CertificateInfo } from "./authority-key.js";
import { fromBase64Url } from "./bytes.js";
import { SecurityHeaderError } from "./errors.js";

/** An RSA public key as a JWK (RFC 7517/7518): `n` and `e` in base64url, as `KeyObject.export({ format: "jwk" })` gives. */
export interface RsaPublicJwk {
  readonly kty: "RSA";
  readonly n: string;
  readonly e: string;
}

/** What `generateSecurityHeader` encrypts with: a JWK, or a key from `parseAuthorityKey` (Node). */
export type AuthorityPublicKeyInput = RsaPublicJwk | AuthorityKey;

/** A checked public key: both implementations validate the same way, then encrypt with their own RSA. */
export interface ValidatedPublicKey {
  readonly jwk: RsaPublicJwk;
  /** Modulus and exponent, big-endian, without leading zero bytes. */
  readonly modulus: Uint8Array;
  readonly exponent: Uint8Array;
  readonly keySizeBits: number;
  readonly certificate: CertificateInfo | null;
}

// Keys are validated once per object: a page or a server reuses the same one for every header.
const validated = new WeakMap<object, ValidatedPublicKey>();

function unreadable(message: string): SecurityHeaderError {
  return new SecurityHeaderError("UNREADABLE_KEY", message);
}

function stripLeadingZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

function bitLength(bytes: Uint8Array): number {
  const first = bytes[0] ?? 0;
  return first === 0 ? 0 : (bytes.length - 1) * 8 + (32 - Math.clz32(first));
}

export function resolvePublicKey(input: AuthorityPublicKeyInput): ValidatedPublicKey {
  if (typeof input !== "object" || input === null) {
    throw unreadable(
      "The key must be an RSA public key as a JWK ({ kty: \"RSA\", n, e }) or a key from parseAuthorityKey() " +
        "(@areaoe/security-header/node reads PEM and DER files)",
    );
  }
  const cached = validated.get(input);
  if (cached) return cached;
  const isAuthorityKey = "publicKey" in input && typeof input.publicKey === "object";
  const jwk = (isAuthorityKey ? (input as AuthorityKey).publicKey : input) as unknown as Record<string, unknown>;
  const result = validateJwk(jwk, isAuthorityKey ? (input as AuthorityKey).certificate : null);
  validated.set(input, result);
  return result;
}

function validateJwk(jwk: Record<string, unknown> | null, certificate: CertificateInfo | null): ValidatedPublicKey {
  if (typeof jwk !== "object" || jwk === null) throw unreadable("The public key is missing");
  if ("d" in jwk || "p" in jwk) {
    throw new SecurityHeaderError(
      "PRIVATE_KEY_GIVEN",
      "This is a private key. Give the authority's certificate or public key instead; private keys are never needed to make a header",
    );
  }
  if (typeof jwk.kty !== "string") throw unreadable("The public key has no kty: expected a JWK { kty: \"RSA\", n, e }");
  if (jwk.kty !== "RSA") {
    throw new SecurityHeaderError(
      "NOT_RSA_KEY",
      `The key is not an RSA key (kty: ${jwk.kty.slice(0, 16)}); the header needs RSA PKCS#1 v1.5 encryption`,
    );
  }
  const n = typeof jwk.n === "string" ? fromBase64Url(jwk.n) : null;
  const e = typeof jwk.e === "string" ? fromBase64Url(jwk.e) : null;
  if (!n || !e) throw unreadable("The RSA public key's n and e must be base64url text");
  const modulus = stripLeadingZeros(n);
  const exponent = stripLeadingZeros(e);
  const keySizeBits = bitLength(modulus);
  // An even modulus or an exponent below 3 is not an RSA key (and e = 1 would send Ks in clear).
  const lastByte = modulus[modulus.length - 1] ?? 0;
  if ((lastByte & 1) === 0 || bitLength(exponent) < 2 || ((exponent[exponent.length - 1] ?? 0) & 1) === 0) {
    throw unreadable("The RSA public key is not valid (even modulus, or exponent not odd and at least 3)");
  }
  if (keySizeBits < MIN_RSA_KEY_BITS) {
    throw new SecurityHeaderError("KEY_TOO_SMALL", `The RSA key has ${keySizeBits} bits; at least ${MIN_RSA_KEY_BITS} are required`);
  }
  const publicJwk: RsaPublicJwk = { kty: "RSA", n: jwk.n as string, e: jwk.e as string };
  return Object.freeze({ jwk: publicJwk, modulus, exponent, keySizeBits, certificate });
}
