// Consumers type-check these sources (the "types" export), possibly without including this folder:
// the reference carries the forge submodule typings along with the import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./forge-modules.d.ts" />
import { sha256 } from "@noble/hashes/sha2.js";
import type { asn1 as Asn1Types, pki as PkiTypes } from "node-forge";
import asn1 from "node-forge/lib/asn1.js";
import pem from "node-forge/lib/pem.js";
import forgeUtil from "node-forge/lib/util.js";
import pki from "node-forge/lib/x509.js";
import { binaryStringToBytes, bytesToBinaryString, toHex } from "./bytes.js";
import { SecurityHeaderError, type SecurityHeaderWarning } from "./errors.js";

/** Common name of the self-signed certificate made by `ensureLocalTestKeyPair`. */
export const LOCAL_TEST_AUTHORITY_CN = "areaOE local test authority (NOT FOR PRODUCTION)";
/** RSA keys below this size are refused: the authority has used 2048- and 4096-bit keys. */
export const MIN_RSA_KEY_BITS = 2048;
/** A certificate that expires within this many days of `now` gets a warning. */
export const CERT_EXPIRY_WARNING_DAYS = 30;

export interface CertificateInfo {
  /** Distinguished name in certificate order, e.g. "C=PT, O=..., CN=Chave Cifra Publica AT". */
  readonly subject: string;
  readonly issuer: string;
  /** Hex, as in `openssl x509 -serial`. */
  readonly serialNumber: string;
  readonly notBefore: string;
  readonly notAfter: string;
  /** SHA-256 of the DER certificate, colon-separated upper-case hex (as `openssl x509 -fingerprint -sha256`). */
  readonly sha256Fingerprint: string;
}

/** A parsed authority key: safe to keep and reuse (the browser form parses once). */
export interface AuthorityKey {
  readonly source: "certificate" | "public-key";
  readonly keySizeBits: number;
  readonly certificate: CertificateInfo | null;
}

export type AuthorityKeyInput = string | Uint8Array | ArrayBuffer | AuthorityKey;

// The forge key stays out of the public object so callers cannot depend on forge's types.
const rsaKeys = new WeakMap<AuthorityKey, PkiTypes.rsa.PublicKey>();

const OID_RSA_ENCRYPTION = "1.2.840.113549.1.1.1";
const KNOWN_KEY_ALGORITHMS: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.1.10": "RSA-PSS",
  "1.2.840.10045.2.1": "EC",
  "1.3.101.112": "Ed25519",
  "1.3.101.113": "Ed448",
  "1.3.101.110": "X25519",
  "1.2.840.10040.4.1": "DSA",
};
const CERTIFICATE_PEM_TYPES = new Set(["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]);
const PRIVATE_KEY_PEM_TYPES = new Set(["PRIVATE KEY", "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "EC PRIVATE KEY"]);
// Attribute names forge does not know, so distinguished names read like OpenSSL's.
const EXTRA_ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  "0.9.2342.19200300.100.1.25": "DC",
  "0.9.2342.19200300.100.1.1": "UID",
  "2.5.4.5": "serialNumber",
  "2.5.4.97": "organizationIdentifier",
};
const DAY_MS = 86_400_000;

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
  if (typeof input === "string") return parsePem(input);
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  if (!(bytes instanceof Uint8Array)) {
    throw unreadable("The key must be a PEM string or DER bytes (Uint8Array)");
  }
  // A PEM file read as bytes is still PEM.
  const text = bytesToBinaryString(bytes.subarray(0, 4096));
  if (text.includes("-----BEGIN ")) return parsePem(bytesToBinaryString(bytes));
  return parseDer(bytesToBinaryString(bytes), bytes);
}

/** Accepts raw key material or an already parsed key. */
export function resolveAuthorityKey(input: AuthorityKeyInput): AuthorityKey {
  if (typeof input === "object" && input !== null && rsaKeys.has(input as AuthorityKey)) {
    return input as AuthorityKey;
  }
  if (typeof input === "string" || input instanceof Uint8Array || input instanceof ArrayBuffer) {
    return parseAuthorityKey(input);
  }
  throw unreadable("The key must be a PEM string, DER bytes, or a key returned by parseAuthorityKey()");
}

/** RSAES-PKCS1-v1_5 encryption (RFC 8017 §7.2) by node-forge; padding bytes come from forge's CSPRNG. */
export function rsaEncryptPkcs1v15(key: AuthorityKey, data: Uint8Array): Uint8Array {
  const rsaKey = rsaKeys.get(key);
  if (!rsaKey) throw unreadable("The key was not returned by parseAuthorityKey()");
  return binaryStringToBytes(rsaKey.encrypt(bytesToBinaryString(data), "RSAES-PKCS1-V1_5"));
}

/** Expiry warnings for a certificate (none for a bare public key: it has no dates). */
export function authorityKeyWarnings(key: AuthorityKey, now: Date = new Date()): SecurityHeaderWarning[] {
  const warnings: SecurityHeaderWarning[] = [];
  const certificate = key.certificate;
  if (!certificate) return warnings;
  const notAfter = Date.parse(certificate.notAfter);
  const notBefore = Date.parse(certificate.notBefore);
  const nowMs = now.getTime();
  if (nowMs > notAfter) {
    warnings.push({
      code: "CERT_EXPIRED",
      message: `The authority certificate expired on ${certificate.notAfter}; the services may reject headers made with it`,
    });
  } else if (notAfter - nowMs <= CERT_EXPIRY_WARNING_DAYS * DAY_MS) {
    const days = Math.floor((notAfter - nowMs) / DAY_MS);
    warnings.push({
      code: "CERT_EXPIRING_SOON",
      message: `The authority certificate expires on ${certificate.notAfter} (in ${days} day${days === 1 ? "" : "s"}); get the new one in time`,
    });
  }
  if (nowMs < notBefore) {
    warnings.push({
      code: "CERT_NOT_YET_VALID",
      message: `The authority certificate is valid only from ${certificate.notBefore}`,
    });
  }
  if (certificate.subject.includes(`CN=${LOCAL_TEST_AUTHORITY_CN}`)) {
    warnings.push({
      code: "LOCAL_TEST_KEY",
      message: "This is the local test key: the header is for local testing only; the authority cannot decrypt it",
    });
  }
  return warnings;
}

function parsePem(text: string): AuthorityKey {
  let blocks: ReturnType<typeof pem.decode>;
  try {
    blocks = pem.decode(text);
  } catch {
    throw unreadable("The key file is not valid PEM");
  }
  if (blocks.length === 0) {
    throw unreadable(
      'No PEM block found: expected "BEGIN CERTIFICATE", "BEGIN PUBLIC KEY" or "BEGIN RSA PUBLIC KEY"',
    );
  }
  // A bundle may hold a private key beside the certificate: prefer the certificate, then a public key.
  const block =
    blocks.find((b) => CERTIFICATE_PEM_TYPES.has(b.type)) ??
    blocks.find((b) => b.type === "PUBLIC KEY" || b.type === "RSA PUBLIC KEY");
  if (!block) {
    if (blocks.some((b) => PRIVATE_KEY_PEM_TYPES.has(b.type))) throw privateKeyGiven();
    throw unreadable(
      'Unsupported PEM block: expected "BEGIN CERTIFICATE", "BEGIN PUBLIC KEY" or "BEGIN RSA PUBLIC KEY"',
    );
  }
  if (block.procType?.type === "ENCRYPTED") throw unreadable("The PEM block is encrypted");
  return parseDer(block.body, binaryStringToBytes(block.body));
}

type DerKind = "certificate" | "spki" | "rsa-public-key" | "private-key";

function parseDer(der: string, derBytes: Uint8Array): AuthorityKey {
  let root: Asn1Types.Asn1;
  try {
    root = asn1.fromDer(der);
  } catch {
    throw unreadable("The key is neither valid PEM nor valid DER");
  }
  const kind = classify(root);
  if (kind === "private-key") throw privateKeyGiven();
  if (kind === undefined) {
    throw unreadable("The DER data is not an X.509 certificate, a SubjectPublicKeyInfo or an RSAPublicKey");
  }
  if (kind === "rsa-public-key") return makeKey("public-key", readPublicKey(root), null);

  const spki = kind === "certificate" ? certificateSpki(root) : root;
  const oid = spki ? algorithmOid(spki) : undefined;
  if (oid !== OID_RSA_ENCRYPTION) {
    const name = oid === undefined ? "unknown" : (KNOWN_KEY_ALGORITHMS[oid] ?? oid);
    throw new SecurityHeaderError(
      "NOT_RSA_KEY",
      `The key is not an RSA encryption key (algorithm: ${name}); the header needs RSA PKCS#1 v1.5 encryption`,
    );
  }
  if (kind === "spki") return makeKey("public-key", readPublicKey(root), null);

  let certificate: PkiTypes.Certificate;
  try {
    certificate = pki.certificateFromAsn1(root);
  } catch {
    throw unreadable("The X.509 certificate could not be read");
  }
  return makeKey("certificate", certificate.publicKey as PkiTypes.rsa.PublicKey, {
    subject: distinguishedName(certificate.subject.attributes),
    issuer: distinguishedName(certificate.issuer.attributes),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: certificate.validity.notBefore.toISOString(),
    notAfter: certificate.validity.notAfter.toISOString(),
    sha256Fingerprint: toHex(sha256(derBytes), ":").toUpperCase(),
  });
}

function readPublicKey(obj: Asn1Types.Asn1): PkiTypes.rsa.PublicKey {
  try {
    return pki.publicKeyFromAsn1(obj);
  } catch {
    throw unreadable("The RSA public key could not be read");
  }
}

function makeKey(
  source: AuthorityKey["source"],
  rsaKey: PkiTypes.rsa.PublicKey,
  certificate: CertificateInfo | null,
): AuthorityKey {
  const keySizeBits = rsaKey.n.bitLength();
  if (keySizeBits < MIN_RSA_KEY_BITS) {
    throw new SecurityHeaderError(
      "KEY_TOO_SMALL",
      `The RSA key has ${keySizeBits} bits; at least ${MIN_RSA_KEY_BITS} are required`,
    );
  }
  const key: AuthorityKey = Object.freeze({ source, keySizeBits, certificate: certificate && Object.freeze(certificate) });
  rsaKeys.set(key, rsaKey);
  return key;
}

function children(obj: Asn1Types.Asn1 | undefined): Asn1Types.Asn1[] {
  return obj && Array.isArray(obj.value) ? obj.value : [];
}

function isUniversal(obj: Asn1Types.Asn1 | undefined, type: Asn1Types.Type): boolean {
  return obj !== undefined && obj.tagClass === asn1.Class.UNIVERSAL && obj.type === type;
}

/** Tells the top-level DER structures apart by shape, before forge (which assumes RSA) reads them. */
function classify(root: Asn1Types.Asn1): DerKind | undefined {
  const { SEQUENCE, INTEGER, OID } = asn1.Type;
  if (!isUniversal(root, SEQUENCE)) return undefined;
  const [first, second, third] = children(root);
  // SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier SEQUENCE { OID, ... }, BIT STRING }
  if (isUniversal(first, SEQUENCE) && isUniversal(children(first)[0], OID)) return "spki";
  // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE, signatureAlgorithm SEQUENCE, signature BIT STRING }
  if (isUniversal(first, SEQUENCE) && isUniversal(second, SEQUENCE) && third !== undefined) return "certificate";
  if (isUniversal(first, INTEGER) && isUniversal(second, INTEGER) && children(root).length === 2) {
    return "rsa-public-key"; // RSAPublicKey ::= SEQUENCE { modulus, publicExponent }
  }
  // RSAPrivateKey (version, n, e, d, ...) or PKCS#8 PrivateKeyInfo (version, AlgorithmIdentifier, OCTET STRING)
  if (isUniversal(first, INTEGER) && children(root).length >= 3) return "private-key";
  return undefined;
}

function certificateSpki(certificate: Asn1Types.Asn1): Asn1Types.Asn1 | undefined {
  const fields = children(children(certificate)[0]);
  // tbsCertificate: [0] version (optional), serial, signature, issuer, validity, subject, subjectPublicKeyInfo
  const skip = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return fields[skip + 5];
}

function algorithmOid(spki: Asn1Types.Asn1): string | undefined {
  const oid = children(children(spki)[0])[0];
  if (!isUniversal(oid, asn1.Type.OID) || typeof oid?.value !== "string") return undefined;
  try {
    return asn1.derToOid(oid.value);
  } catch {
    return undefined;
  }
}

function distinguishedName(attributes: readonly PkiTypes.CertificateField[]): string {
  return attributes
    .map((attribute) => `${attributeName(attribute)}=${attributeText(attribute)}`)
    .join(", ");
}

function attributeName(attribute: PkiTypes.CertificateField): string {
  const oid = attribute.type ?? "";
  return attribute.shortName ?? EXTRA_ATTRIBUTE_NAMES[oid] ?? attribute.name ?? oid;
}

function attributeText(attribute: PkiTypes.CertificateField): string {
  const value = attribute.value;
  if (typeof value !== "string") return "";
  // forge stores the value's universal type here, although its typings call it a Class.
  const valueType = attribute.valueTagClass as number | undefined;
  if (valueType === asn1.Type.UTF8) {
    try {
      return forgeUtil.decodeUtf8(value);
    } catch {
      return value;
    }
  }
  if (valueType === asn1.Type.BMPSTRING) {
    let text = "";
    for (let i = 0; i + 1 < value.length; i += 2) text += String.fromCharCode((value.charCodeAt(i) << 8) | value.charCodeAt(i + 1));
    return text;
  }
  return value;
}
