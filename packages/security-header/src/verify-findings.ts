/** What `verifySecurityHeader` can find; the portal translates by code, with `params`. */
export type FindingCode =
  | "NOT_XML"
  | "DTD_FORBIDDEN"
  | "XML_TOO_DEEP"
  | "XML_TOO_MANY_ELEMENTS"
  | "XML_TOO_MANY_ATTRIBUTES"
  | "SOAP_VERSION_MISMATCH"
  | "NO_SECURITY_HEADER"
  | "WRONG_NAMESPACE"
  | "UNEXPECTED_PREFIX"
  | "MISSING_ELEMENT"
  | "REPEATED_ELEMENT"
  | "USERNAME_FORMAT"
  | "BASE64_INVALID"
  | "BASE64_LINE_BREAKS"
  | "BASE64_URL_SAFE"
  | "CIPHERTEXT_TOO_LONG"
  | "NONCE_UNDECRYPTABLE"
  | "NONCE_OAEP"
  | "NONCE_RETIRED_KEY"
  | "NONCE_KEY_NOT_YET_VALID"
  | "AES_CBC_MODE"
  | "PASSWORD_UNDECRYPTABLE"
  | "PASSWORD_NOT_UTF8"
  | "PASSWORD_MISMATCH"
  | "PASSWORD_LINE_BREAK"
  | "DIGEST_UNDECRYPTABLE"
  | "DIGEST_MISMATCH"
  | "MIXED_FORM"
  | "CREATED_UNDECRYPTABLE"
  | "CREATED_MALFORMED"
  | "CREATED_IN_FUTURE"
  | "EXPIRED"
  /**
   * A warning that the verifier itself never gives: the caller that remembers the headers it saw (the
   * portal's sandbox and checker, server/sandbox/request-log.ts) adds it for a header seen again within
   * its validity (the same Nonce or the same Digest).
   */
  | "HEADER_REPLAYED";

export interface VerificationFinding {
  readonly code: FindingCode;
  readonly severity: "error" | "warning";
  /** Plain English; never a password or key bytes. */
  readonly message: string;
  /** Values for translated messages (element, skewSeconds, likelyCause, ...). */
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * CREATED_IN_FUTURE and EXPIRED `params.likelyCause`, when Created is off by a UTC offset in force
 * somewhere (whole, half and three-quarter hours), with `offset` ("+05:30"), `offsetMinutes` (330),
 * `offsetHours` (5.5) and `hours` (its absolute value).
 */
export type CreatedCause = "time-zone";

/** NONCE_UNDECRYPTABLE `params.likelyCause`, present only when the Nonce's length (public) says it. */
export type NonceUndecryptableCause = "key-size" | "nonce-length";

/**
 * DIGEST_MISMATCH `params.likelyCause`: the first plausible mistake whose digest matches, else "unknown";
 * "password-encoding" comes with `params.encoding`, "order" with `params.order`.
 */
export type DigestMismatchCause =
  | "created-text"
  | "password-encoding"
  | "password-trailing-newline"
  | "key-base64"
  | "order"
  | "password"
  | "unknown";

/**
 * Every code, in the order a person should fix things in: readable XML, then the header's shape, then
 * the form, then what decrypts, then the Digest (which depends on all of them), then the clock.
 */
export const FINDING_CODES = [
  "NOT_XML",
  "DTD_FORBIDDEN",
  "XML_TOO_DEEP",
  "XML_TOO_MANY_ELEMENTS",
  "XML_TOO_MANY_ATTRIBUTES",
  "SOAP_VERSION_MISMATCH",
  "NO_SECURITY_HEADER",
  "WRONG_NAMESPACE",
  "UNEXPECTED_PREFIX",
  "MISSING_ELEMENT",
  "REPEATED_ELEMENT",
  "USERNAME_FORMAT",
  "BASE64_INVALID",
  "BASE64_LINE_BREAKS",
  "BASE64_URL_SAFE",
  "CIPHERTEXT_TOO_LONG",
  "MIXED_FORM",
  "NONCE_UNDECRYPTABLE",
  "NONCE_OAEP",
  "NONCE_RETIRED_KEY",
  "NONCE_KEY_NOT_YET_VALID",
  "AES_CBC_MODE",
  "PASSWORD_UNDECRYPTABLE",
  "PASSWORD_NOT_UTF8",
  "PASSWORD_MISMATCH",
  "PASSWORD_LINE_BREAK",
  "CREATED_UNDECRYPTABLE",
  "CREATED_MALFORMED",
  "DIGEST_UNDECRYPTABLE",
  "DIGEST_MISMATCH",
  "CREATED_IN_FUTURE",
  "EXPIRED",
  "HEADER_REPLAYED",
] as const satisfies readonly FindingCode[];

// Compiles only while FINDING_CODES holds every FindingCode.
type UnlistedCode = Exclude<FindingCode, (typeof FINDING_CODES)[number]>;
const _everyCodeListed: [UnlistedCode] extends [never] ? true : UnlistedCode = true;

export function sortFindings(findings: readonly VerificationFinding[]): VerificationFinding[] {
  // Array.prototype.sort is stable: findings of one code keep the document's order.
  return [...findings].sort((a, b) => FINDING_CODES.indexOf(a.code) - FINDING_CODES.indexOf(b.code));
}

export class Findings {
  readonly list: VerificationFinding[] = [];

  error(code: FindingCode, message: string, params: Record<string, string | number> = {}): void {
    this.list.push({ code, severity: "error", message, params });
  }

  warning(code: FindingCode, message: string, params: Record<string, string | number> = {}): void {
    this.list.push({ code, severity: "warning", message, params });
  }

  has(code: FindingCode): boolean {
    return this.list.some((finding) => finding.code === code);
  }
}
