import type { FindingCode } from "@areaoe/security-header/node";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header";

/**
 * The header checker's data, as the route's action hands it to the page: what the library's
 * `verifySecurityHeader` found, without its English messages (the page words each code in the visitor's
 * language) and never the password.
 */
/** The verifier's codes (the library's type: one list, translated by code in this feature's texts). */
export type HeaderCheckFindingCode = FindingCode;

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

/** The largest envelope the checker reads, in bytes (UTF-8): the verifier's own limit (one constant). */
export const HEADER_CHECK_MAX_BYTES = MAX_VERIFY_INPUT_BYTES;
/** The same, as the pages state it. */
export const HEADER_CHECK_MAX_KILOBYTES = HEADER_CHECK_MAX_BYTES / 1024;

/**
 * The query the checker's page answers after a post too large to read at all (the server sends the
 * browser back to the page with it, rather than a bare "413"): the form then says what the limit is.
 */
export const HEADER_CHECK_TOO_LARGE_QUERY = "tooLarge";

export type HeaderCheckActionData =
  | { status: "unavailable" }
  | { status: "invalid"; problem: "envelopeMissing" | "envelopeTooLarge"; envelope: string }
  | { status: "checked"; envelope: string; passwordCompared: boolean; outcome: HeaderCheckOutcome };
