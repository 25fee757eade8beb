import type { AesMode, NoncePadding } from "./verify-crypto.js";
import type { VerifierKeyStatus } from "./verify-keys.js";
import type { DigestMismatchCause, VerificationFinding } from "./verify-findings.js";
import type { XmlProblem } from "./verify-xml.js";

// The receiving side's steps, in the order the verifier took them, with the values an integrator can
// compare with their own (`verifySecurityHeader(xml, { trace: true })`). Plain JSON data only (strings,
// numbers, booleans, null, arrays, objects): it is stored, sent as JSON and moved between threads.
//
// A trace is never a password verifier, alone or with the header that produced it: it holds no session
// key Ks (with Ks, the header's own Password and Digest confirm any guess offline), and nothing computed
// from the password (no SHA-1, no expected Digest, no decrypted Digest). Comparisons are shown as their
// outcome (match or mismatch, the likely cause), lengths and positions: the parts hashed and their
// offsets, the bytes of each element, whether a decryption gave valid padding. The password itself is
// never in it either: only its length, its UTF-8 validity and whether it is the password given.
// scripts/checks/security/trace-dictionary.test.ts proves it: a dictionary that holds the password, tried
// against every combination of a trace's fields and its header's, confirms nothing.
// A field added for a new diagnosis follows the same rule: outcomes, lengths, positions, never a value
// derived from Ks or the password.

/** Bumped when a step's fields change meaning (new optional fields do not bump it). */
export const VERIFICATION_TRACE_VERSION = 2;

export interface VerificationTrace {
  readonly version: typeof VERIFICATION_TRACE_VERSION;
  /** In the order the verifier took them; a step that was not reached is absent. */
  readonly steps: readonly TraceStep[];
  /** The same findings as the result's. */
  readonly findings: readonly VerificationFinding[];
}

export interface TraceElement {
  readonly local: string;
  /** "" when the element is in no namespace. */
  readonly namespaceUri: string;
  /** "" when the element has no prefix. */
  readonly prefix: string;
  /** 0 for the document's root. */
  readonly depth: number;
}

export interface TraceNamespace {
  /** "" for a default namespace declaration (xmlns="..."). */
  readonly prefix: string;
  readonly uri: string;
  /** The local name of the element that declares it. */
  readonly declaredOn: string;
}

export interface TraceKey {
  readonly id: string;
  readonly status: VerifierKeyStatus;
  readonly fingerprintSha256: string;
  readonly modulusBits: number;
}

/** One part of the bytes the Digest's SHA-1 is computed over: its name, offset and length (never its value). */
export interface TraceHashedPart {
  readonly part: "Ks" | "Created" | "Password";
  readonly offset: number;
  readonly bytes: number;
}

export type TraceStep =
  /** The input's size against the largest the verifier reads. */
  | { readonly step: "input"; readonly bytes: number; readonly maxBytes: number; readonly withinLimit: boolean }
  /** The XML parse (no DTD, bounded depth and counts). */
  | { readonly step: "xml"; readonly wellFormed: boolean; readonly problem: XmlProblem | null; readonly elementCount: number }
  /** The SOAP envelope: its version and every namespace declared in the document. */
  | {
      readonly step: "soap";
      /** False for a bare <wss:Security>. */
      readonly envelope: boolean;
      readonly soapVersion: "1.1" | "1.2" | "unknown" | null;
      readonly envelopeNamespace: string | null;
      readonly namespaces: readonly TraceNamespace[];
    }
  /** The envelope's and the header's elements, in document order. */
  | { readonly step: "elements"; readonly elements: readonly TraceElement[] }
  /** Which of the two forms the header is in. */
  | {
      readonly step: "form";
      readonly form: "digest" | "encrypted-created" | "mixed" | null;
      readonly digestAttribute: boolean;
      readonly createdEncrypted: boolean;
    }
  /** The Nonce: its length, the keys of that length tried (in order) and the one it fits (never the AES key it carries). */
  | {
      readonly step: "nonce";
      readonly bytes: number;
      /** The key sizes held (bits), in the order the keys are tried. */
      readonly keyBits: readonly number[];
      readonly triedKeyIds: readonly string[];
      /** The key the Nonce was made for, or null when it fits none. */
      readonly key: TraceKey | null;
      /** The RSA padding it decrypted with (OAEP is a mistake the findings name), or null when it fits none. */
      readonly padding?: NoncePadding | null;
      /** The length of the session key Ks the Nonce carries (16 for AES-128), when a key fits; never its value. */
      readonly sessionKeyBytes: number | null;
    }
  /** The Password: ciphertext length and what its decryption gave (never the password). */
  | {
      readonly step: "password";
      readonly ciphertextBytes: number;
      readonly decrypted: boolean;
      /** The AES mode it decrypted in (CBC is a mistake the findings name), or null when it did not. */
      readonly aesMode?: AesMode | null;
      readonly plaintextBytes: number | null;
      readonly utf8: boolean | null;
      /** Null when no password was given to compare with. */
      readonly matchesGiven: boolean | null;
    }
  /** Created as sent (the element's text) and as read. */
  | {
      readonly step: "created";
      readonly sent: string;
      readonly encrypted: boolean;
      /** The clear text (decrypted when encrypted), or null when it could not be decrypted. */
      readonly text: string | null;
      /** The instant it denotes (ISO 8601, UTC), or null when it is not yyyy-MM-ddTHH:mm:ss.SSSZ. */
      readonly parsed: string | null;
    }
  /**
   * The digest form's check: what was hashed, part by part (names, offsets and lengths), Created as
   * hashed, the Digest's lengths and the outcome. No value computed from Ks or the password.
   */
  | {
      readonly step: "digest";
      /** Ks ‖ Created ‖ password: each part with its offset and length in the bytes hashed. */
      readonly hashed: readonly TraceHashedPart[];
      /** Created's UTF-8 bytes as hashed (hex): Created travels in clear in this form. */
      readonly createdHex: string;
      readonly passwordBytes: number;
      /** The Digest attribute as received: its Base64 decoded length (bytes). */
      readonly receivedDigestBytes: number;
      /** Whether the Digest decrypts with Ks (valid AES/ECB/PKCS5 padding). */
      readonly receivedDecrypts: boolean;
      /** The length of its decryption (20 for a SHA-1), null when it does not decrypt. */
      readonly receivedSha1Bytes: number | null;
      readonly matches: boolean;
      readonly likelyCause: DigestMismatchCause | null;
    }
  /** The server's clock on arrival and the skew against Created. */
  | {
      readonly step: "clock";
      readonly now: string;
      readonly created: string;
      /** now − Created: positive when Created is in the past. */
      readonly skewMs: number;
      readonly maxAgeMs: number;
      readonly futureToleranceMs: number;
    };

/** Collects the steps when a trace was asked for; does nothing otherwise (no cost on the hot path). */
export class TraceRecorder {
  private readonly steps: TraceStep[] | null;

  constructor(enabled: boolean) {
    this.steps = enabled ? [] : null;
  }

  get enabled(): boolean {
    return this.steps !== null;
  }

  add(step: TraceStep | (() => TraceStep)): void {
    if (this.steps) this.steps.push(typeof step === "function" ? step() : step);
  }

  finish(findings: readonly VerificationFinding[]): VerificationTrace | undefined {
    if (!this.steps) return undefined;
    return { version: VERIFICATION_TRACE_VERSION, steps: this.steps, findings: findings.map((finding) => ({ ...finding, params: { ...finding.params } })) };
  }
}
