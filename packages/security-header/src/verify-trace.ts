import type { AesMode, NoncePadding } from "./verify-crypto.js";
import type { VerifierKeyStatus } from "./verify-keys.js";
import type { DigestMismatchCause, VerificationFinding } from "./verify-findings.js";
import type { XmlProblem } from "./verify-xml.js";

// The receiving side's steps, in the order the verifier took them, with the values an integrator can
// compare with their own (`verifySecurityHeader(xml, { trace: true })`). Plain JSON data only (strings,
// numbers, booleans, null, arrays, objects): it is stored, sent as JSON and moved between threads.
//
// It holds the decrypted AES session key and both Digests, so it is made only for the portal's OWN
// throwaway test keys (the sandbox's): never ask for a trace with a key that protects a real password.
// The password itself, and its bytes, are never in it: only their length, their UTF-8 validity and
// whether they are the password given.

/** Bumped when a step's fields change meaning (new optional fields do not bump it). */
export const VERIFICATION_TRACE_VERSION = 1;

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
  /** The Nonce: its length, the keys of that length tried (in order) and the one it fits, with the AES key. */
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
      /** The decrypted AES-128 session key Ks (hex), when a key fits. */
      readonly sessionKeyHex: string | null;
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
  /** The digest form's check: the bytes hashed (the password's replaced by a marker) and both Digests. */
  | {
      readonly step: "digest";
      /** Ks ‖ Created ‖ password as hex, with the password's bytes shown as `<password: N bytes>`. */
      readonly hashedHex: string;
      readonly sessionKeyHex: string;
      readonly createdHex: string;
      readonly passwordBytes: number;
      /** SHA-1 of the bytes hashed (hex) and its AES encryption (Base64): the Digest expected. */
      readonly expectedSha1Hex: string;
      readonly expectedDigestBase64: string;
      /** The Digest attribute as sent (Base64, whitespace removed) and its decryption (hex, null if none). */
      readonly receivedDigestBase64: string;
      readonly receivedSha1Hex: string | null;
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
