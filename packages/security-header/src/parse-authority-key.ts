import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import { MIN_RSA_KEY_BITS, type AuthorityKey, type CertificateInfo } from "./authority-key.js";
import { SecurityHeaderError } from "./errors.js";
import type { RsaPublicJwk } from "./public-key.js";

// Reads the authority's certificate or public key with node:crypto (OpenSSL): Node only.

const CERTIFICATE_PEM_TYPES = new Set(["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]);
const PUBLIC_KEY_PEM_TYPES = new Set(["PUBLIC KEY", "RSA PUBLIC KEY"]);
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const MAX_INPUT_BYTES = 1024 * 1024;

function unreadable(message: string): SecurityHeaderError {
  return new SecurityHeaderError("UNREADABLE_KEY", message);
}

function privateKeyGiven(): SecurityHeaderError {
  return new SecurityHeaderError(
    "PRIVATE_KEY_GIVEN",
    "This is a private key. Give the authority's certificate or public key instead; private keys are never needed to make a header",
  );
}

/** Parses the authority's certificate (PEM or DER) or public key (PEM "PUBLIC KEY" / "RSA PUBLIC KEY", or DER). */
export function parseAuthorityKey(input: string | Uint8Array | ArrayBuffer): AuthorityKey {
  let bytes: Buffer;
  if (typeof input === "string") bytes = Buffer.from(input, "latin1");
  else if (input instanceof ArrayBuffer) bytes = Buffer.from(input);
  else if (input instanceof Uint8Array) bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  else throw unreadable("The key must be a PEM string or DER bytes (Uint8Array)");
  if (bytes.length > MAX_INPUT_BYTES) throw unreadable("The input is too large to be a certificate or public key");
  const text = bytes.toString("latin1");
  return text.includes("-----BEGIN ") ? parsePem(text) : parseDer(bytes);
}

/**
 * The DER bytes of the certificate that parseAuthorityKey reads from the same input (the first
 * certificate block of a PEM bundle, or DER), so that it can be offered for download; null when the
 * input is a bare public key or holds no readable certificate.
 */
export function authorityCertificateDer(input: string | Uint8Array): Uint8Array | null {
  const bytes = typeof input === "string" ? Buffer.from(input, "latin1") : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length > MAX_INPUT_BYTES) return null;
  const text = bytes.toString("latin1");
  let der: Buffer = bytes;
  if (text.includes("-----BEGIN ")) {
    const block = [...text.matchAll(PEM_BLOCK)].find((match) => CERTIFICATE_PEM_TYPES.has(match[1] ?? ""));
    if (!block) return null;
    der = Buffer.from((block[2] ?? "").replace(/\s+/g, ""), "base64");
  }
  try {
    return new Uint8Array(new X509Certificate(der).raw);
  } catch {
    return null;
  }
}

function parsePem(text: string): AuthorityKey {
  const blocks = [...text.matchAll(PEM_BLOCK)].map((match) => ({ type: match[1] ?? "", body: match[2] ?? "" }));
  if (blocks.length === 0) {
    throw unreadable('No PEM block found: expected "BEGIN CERTIFICATE", "BEGIN PUBLIC KEY" or "BEGIN RSA PUBLIC KEY"');
  }
  // A bundle may hold a private key beside the certificate: prefer the certificate, then a public key.
  const block = blocks.find((b) => CERTIFICATE_PEM_TYPES.has(b.type)) ?? blocks.find((b) => PUBLIC_KEY_PEM_TYPES.has(b.type));
  if (!block) {
    if (blocks.some((b) => b.type.includes("PRIVATE KEY"))) throw privateKeyGiven();
    throw unreadable('Unsupported PEM block: expected "BEGIN CERTIFICATE", "BEGIN PUBLIC KEY" or "BEGIN RSA PUBLIC KEY"');
  }
  if (/Proc-Type:\s*4,ENCRYPTED/.test(block.body)) throw unreadable("The PEM block is encrypted");
  const body = block.body.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw unreadable("The PEM block's body is not Base64");
  const der = Buffer.from(body, "base64");
  if (CERTIFICATE_PEM_TYPES.has(block.type)) return fromCertificate(der);
  return fromPublicKey(der, block.type === "RSA PUBLIC KEY" ? ["pkcs1"] : ["spki"]);
}

function parseDer(der: Buffer): AuthorityKey {
  if (isPrivateKeyDer(der)) throw privateKeyGiven();
  let certificate: X509Certificate | undefined;
  try {
    certificate = new X509Certificate(der);
  } catch {
    certificate = undefined;
  }
  return certificate ? describeCertificate(certificate) : fromPublicKey(der, ["spki", "pkcs1"]);
}

function isPrivateKeyDer(der: Buffer): boolean {
  for (const type of ["pkcs8", "pkcs1"] as const) {
    try {
      createPrivateKey({ key: der, format: "der", type });
      return true;
    } catch {
      // not this kind of private key
    }
  }
  return false;
}

function fromCertificate(der: Buffer): AuthorityKey {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(der);
  } catch {
    throw unreadable("The X.509 certificate could not be read");
  }
  return describeCertificate(certificate);
}

function fromPublicKey(der: Buffer, types: readonly ("spki" | "pkcs1")[]): AuthorityKey {
  for (const type of types) {
    try {
      return makeKey("public-key", createPublicKey({ key: der, format: "der", type }), null);
    } catch (error) {
      if (error instanceof SecurityHeaderError) throw error;
    }
  }
  throw unreadable("The key is not an X.509 certificate, a SubjectPublicKeyInfo or an RSAPublicKey");
}

function describeCertificate(certificate: X509Certificate): AuthorityKey {
  return makeKey("certificate", certificate.publicKey, {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
    sha256Fingerprint: certificate.fingerprint256,
  });
}

/** Node writes one attribute per line; the portal shows them as OpenSSL's one-line form does. */
function distinguishedName(text: string): string {
  return text.split("\n").filter(Boolean).join(", ");
}

function makeKey(source: AuthorityKey["source"], key: KeyObject, certificate: CertificateInfo | null): AuthorityKey {
  if (key.asymmetricKeyType !== "rsa") {
    throw new SecurityHeaderError(
      "NOT_RSA_KEY",
      `The key is not an RSA encryption key (algorithm: ${(key.asymmetricKeyType ?? "unknown").toUpperCase()}); the header needs RSA PKCS#1 v1.5 encryption`,
    );
  }
  const keySizeBits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (keySizeBits < MIN_RSA_KEY_BITS) {
    throw new SecurityHeaderError("KEY_TOO_SMALL", `The RSA key has ${keySizeBits} bits; at least ${MIN_RSA_KEY_BITS} are required`);
  }
  const jwk = key.export({ format: "jwk" });
  const publicKey: RsaPublicJwk = Object.freeze({ kty: "RSA", n: String(jwk.n), e: String(jwk.e) });
  return Object.freeze({ source, keySizeBits, certificate: certificate && Object.freeze(certificate), publicKey });
}
