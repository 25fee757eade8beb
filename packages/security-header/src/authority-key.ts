import type { SecurityHeaderWarning } from "./errors.js";
import type { RsaPublicJwk } from "./public-key.js";

/**
 * Common name of the self-signed certificate `ensureLocalTestKeyPair` makes by default: the generation
 * form's local "test" environment. Each test certificate the portal or the CLI makes says what it is for
 * in its subject (this one, `CLI_TEST_KEY_CN`, and the sandbox's `sandboxTestKeyCommonName`), and all of
 * them carry `LOCAL_TEST_KEY_ORGANIZATION`.
 */
export const LOCAL_TEST_AUTHORITY_CN = "areaOE generation form local test key - not the authority's";
/** The CLI's own local test key (used without `--key`). */
export const CLI_TEST_KEY_CN = "areaOE command-line local test key - not the authority's";
/** The header sandbox's test key `id` (one of its current, next and retired keys). */
export const sandboxTestKeyCommonName = (id: string): string => `areaOE sandbox test key ${id} - not the authority's`;
/** The organisation of every local test certificate: what the LOCAL_TEST_KEY warning recognises. */
export const LOCAL_TEST_KEY_ORGANIZATION = "areaOE local test key (NOT FOR PRODUCTION)";
/** The one subject the three test certificates shared before they said what each is for. */
const LEGACY_LOCAL_TEST_CN = "areaOE local test authority (NOT FOR PRODUCTION)";
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

/**
 * The authority's key as read from a certificate or public key file (`parseAuthorityKey`, Node only):
 * plain data, so a server can hand `publicKey` (or all of it) to a browser as JSON.
 */
export interface AuthorityKey {
  readonly source: "certificate" | "public-key";
  readonly keySizeBits: number;
  readonly certificate: CertificateInfo | null;
  /** The RSA public key as a JWK (`n`, `e` base64url): what the header is encrypted with. */
  readonly publicKey: RsaPublicJwk;
}

const DAY_MS = 86_400_000;

/** Expiry warnings for a certificate (none for a bare public key: it has no dates). */
export function authorityKeyWarnings(key: Pick<AuthorityKey, "certificate">, now: Date = new Date()): SecurityHeaderWarning[] {
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
  if (certificate.subject.includes(`O=${LOCAL_TEST_KEY_ORGANIZATION}`) || certificate.subject.includes(`CN=${LEGACY_LOCAL_TEST_CN}`)) {
    warnings.push({
      code: "LOCAL_TEST_KEY",
      message: "This is the local test key: the header is for local testing only; the authority cannot decrypt it",
    });
  }
  return warnings;
}
