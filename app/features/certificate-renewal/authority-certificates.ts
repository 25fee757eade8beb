/**
 * The authority's encryption certificates as data: the shape of `GET /areaOE/api/authority-certificates`
 * and of the table on the web services page (one source for both, and for their tests).
 *
 * Version 1 of the shape; fields are only ever added. Dates are ISO 8601 in UTC; fingerprints are
 * colon-separated upper-case hex, as `openssl x509 -fingerprint -sha256` prints them.
 */

/** The address of the JSON, under the API path: `apiPath(AUTHORITY_CERTIFICATES_API)`. */
export const AUTHORITY_CERTIFICATES_API = "authority-certificates";

/** How long a browser or proxy may keep the answer: days left changes once a day. */
export const AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS = 300;

/** The certificate file's formats: PEM text, or DER bytes (`.cer`, application/pkix-cert). */
export type AuthorityCertificateFormat = "pem" | "der";

/** Media types of the downloads (RFC 7468's PEM has no registered type; the usual one is application/x-pem-file). */
export const AUTHORITY_CERTIFICATE_MEDIA_TYPES: Record<AuthorityCertificateFormat, string> = {
  pem: "application/x-pem-file",
  der: "application/pkix-cert",
};

/** The download's name under the API path: `apiPath(authorityCertificateFile("test", "pem"))`. */
export function authorityCertificateFile(environment: "test" | "production", format: AuthorityCertificateFormat): string {
  return `${AUTHORITY_CERTIFICATES_API}/${environment}.${format === "pem" ? "pem" : "cer"}`;
}

/** Addresses of one certificate's downloads (PEM and DER). */
export interface AuthorityCertificateDownloads {
  pem: string;
  der: string;
}

export interface AuthorityCertificateSummary {
  /** Which of the authority's environments the certificate encrypts for. */
  environment: "test" | "production";
  /** The portal's own local test key (no certificate configured): the authority cannot decrypt with it. */
  localTest: boolean;
  keySizeBits: number;
  /** Distinguished names in certificate order ("C=PT, O=…, CN=…"); null for a bare public key. */
  subject: string | null;
  issuer: string | null;
  /** Upper-case hex, as `openssl x509 -serial`; null for a bare public key. */
  serialNumber: string | null;
  notBefore: string | null;
  notAfter: string | null;
  /** Whole days from the answer's time to notAfter (negative once expired); null for a bare public key. */
  daysLeft: number | null;
  /** SHA-256 of the DER certificate; null for a bare public key. */
  sha256Fingerprint: string | null;
  /** SHA-256 of the DER SubjectPublicKeyInfo (the public key alone: unchanged when only the certificate is reissued). */
  spkiSha256Fingerprint: string;
  /** The certificate as PEM and DER files (absent for a bare public key: nothing to download). */
  downloads?: AuthorityCertificateDownloads;
}

export interface AuthorityCertificatesDocument {
  version: 1;
  /** When the answer was made: daysLeft counts from here. */
  generatedAt: string;
  certificates: AuthorityCertificateSummary[];
}

const DAY_MS = 86_400_000;

/** Whole days from `now` to `notAfter`, rounded down (0 on the last day, negative once expired). */
export function daysLeft(notAfter: string, now: Date): number {
  return Math.floor((Date.parse(notAfter) - now.getTime()) / DAY_MS);
}

/** The expiry day (yyyy-mm-dd, UTC) that the renewal planner and its reminder take. */
export function expiryDay(notAfter: string): string {
  return new Date(notAfter).toISOString().slice(0, 10);
}
