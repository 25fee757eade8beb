import type { FindingCode } from "@areaoe/security-header/node";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header";
import type { AuthorityEnvironment } from "./authority-environment";

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
  /** The check's id in the request log, and the address of its decoded trace (kept 24 hours). */
  trace?: { id: string; href: string };
}

/** The local test certificate a developer configures their software with (public material). */
export interface HeaderCheckCertificate {
  subject: string;
  notAfter: string;
  sha256Fingerprint: string;
  keySizeBits: number;
}

/** One of the sandbox's test keys as the checker page lists it (public material; see server/sandbox/sandbox-keys.ts). */
export interface SandboxKeySummary {
  id: string;
  status: "current" | "next" | "retired";
  /** ISO 8601, UTC. */
  validFrom: string;
  validUntil: string;
  /** SHA-256 of the certificate, 64 lowercase hex characters. */
  fingerprintSha256: string;
  pemHref: string;
  derHref: string;
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

/**
 * The key a header was made for, as the portal's generation form says when it sends it to the checker
 * ("Check this header": the form's field `madeFor`, the target's id). Only the sandbox's keys can be
 * checked here; the others are named, never decrypted: the form's local test key (visitors type real
 * passwords into the form) and the authority's certificates (the portal holds no authority private key).
 */
export type HeaderMadeFor = "sandbox" | "form-local-key" | "authority-test" | "authority-production";
/** A key the checker cannot decrypt with. */
export type ForeignHeaderKey = Exclude<HeaderMadeFor, "sandbox">;

/**
 * What a `madeFor` value names, by the targets the form offers on this server (anything else: null,
 * the header is checked as a pasted one). The field is the visitor's own claim: it only chooses the words
 * and whether to try the sandbox's keys, which are the only keys the checker ever holds.
 */
export function headerMadeFor(value: unknown, environments: readonly Pick<AuthorityEnvironment, "id" | "localTest">[]): HeaderMadeFor | null {
  if (value === "sandbox") return "sandbox";
  const environment = environments.find((candidate) => candidate.id === value && candidate.id !== "sandbox");
  if (!environment) return null;
  if (environment.localTest) return "form-local-key";
  return environment.id === "production" ? "authority-production" : "authority-test";
}

/**
 * A check the server did not run: the client's quota of the checker page was spent (429), or the
 * verification pool had no turn for it (503). The page says so and keeps the pasted envelope.
 */
export interface HeaderCheckRefusal {
  status: 429 | 503;
  retryAfterSeconds: number;
  /** The checker page's quota (checks a minute per client), for a 429's text. */
  limit?: number;
}

export type HeaderCheckActionData =
  | { status: "unavailable" }
  | { status: "invalid"; problem: "envelopeMissing" | "envelopeTooLarge"; envelope: string }
  | { status: "refused"; envelope: string; refusal: HeaderCheckRefusal }
  | { status: "checked"; envelope: string; passwordCompared: boolean; outcome: HeaderCheckOutcome }
  /** Sent by the generation form for a key the checker cannot decrypt with: named, not checked. */
  | { status: "foreign-key"; envelope: string; madeFor: ForeignHeaderKey };
