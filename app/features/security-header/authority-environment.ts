/** Authority environments whose certificate the portal holds (from the startup configuration). */
export type AuthorityEnvironmentId = "test" | "production";

/**
 * What the generation form can encrypt for: an authority environment, or the portal's own sandbox
 * (its current test key, for the header checker: never with the visitor's real password).
 */
export type HeaderTargetId = AuthorityEnvironmentId | "sandbox";

/** The query of the generation form's address that chooses its target (`?target=sandbox`, the checker's offer). */
export const HEADER_TARGET_QUERY = "target";

/** Certificate warnings the page shows (codes of `@areaoe/security-header`, computed per request). */
export type AuthorityKeyWarningCode = "CERT_EXPIRED" | "CERT_EXPIRING_SOON" | "CERT_NOT_YET_VALID" | "LOCAL_TEST_KEY";

/** What the form's loader hands to the page for one environment (or the sandbox): public material only. */
export interface AuthorityEnvironment {
  id: HeaderTargetId;
  /**
   * The authority's RSA public key as a JWK (base64url `n`, `e`), computed on the server from the
   * certificate: the browser encrypts with it and never parses a certificate.
   */
  publicKey: { kty: "RSA"; n: string; e: string };
  /** The embedded local test key pair: headers made with it are for local testing only. */
  localTest: boolean;
  /**
   * The sandbox's current test key (id "sandbox"): the portal decrypts what is encrypted for it, so the
   * form asks for a test password instead of the password field the browser fills.
   */
  sandbox?: boolean;
  keySizeBits: number;
  /** Null for a bare public key (no certificate, no dates). */
  certificate: { subject: string; notAfter: string; sha256Fingerprint: string } | null;
  /** Addresses of the certificate as PEM and DER files (absent for a bare public key). */
  downloads?: { pem: string; der: string };
  warnings: AuthorityKeyWarningCode[];
}
