/**
 * The header checker's data, as the route's action hands it to the page: what the library's
 * `verifySecurityHeader` found, without its English messages (the page words each code in the visitor's
 * language) and never the password.
 */
export type HeaderCheckFindingCode =
  | "NOT_XML"
  | "DTD_FORBIDDEN"
  | "NO_SECURITY_HEADER"
  | "WRONG_NAMESPACE"
  | "UNEXPECTED_PREFIX"
  | "MISSING_ELEMENT"
  | "REPEATED_ELEMENT"
  | "USERNAME_FORMAT"
  | "BASE64_INVALID"
  | "NONCE_UNDECRYPTABLE"
  | "NONCE_LENGTH"
  | "PASSWORD_UNDECRYPTABLE"
  | "PASSWORD_NOT_UTF8"
  | "PASSWORD_MISMATCH"
  | "DIGEST_UNDECRYPTABLE"
  | "DIGEST_MISMATCH"
  | "MIXED_FORM"
  | "CREATED_UNDECRYPTABLE"
  | "CREATED_MALFORMED"
  | "CREATED_IN_FUTURE"
  | "EXPIRED";

export interface HeaderCheckFinding {
  code: HeaderCheckFindingCode;
  severity: "error" | "warning";
  params: Record<string, string | number>;
}

export interface HeaderCheckOutcome {
  ok: boolean;
  form: "digest" | "encrypted-created" | "mixed" | null;
  username: string | null;
  createdAt: string | null;
  findings: HeaderCheckFinding[];
}

/** The local test certificate a developer configures their software with (public material). */
export interface HeaderCheckCertificate {
  subject: string;
  notAfter: string;
  sha256Fingerprint: string;
  keySizeBits: number;
}

/** The largest envelope the checker reads, in bytes (UTF-8); the server refuses more. */
export const HEADER_CHECK_MAX_BYTES = 64 * 1024;

export type HeaderCheckActionData =
  | { status: "invalid"; problem: "envelopeMissing" | "envelopeTooLarge"; envelope: string }
  | { status: "checked"; envelope: string; passwordCompared: boolean; outcome: HeaderCheckOutcome };
