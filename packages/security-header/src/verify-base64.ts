import { binaryStringToBytes } from "./bytes.js";

// How the verifier reads a Base64 value (Nonce, Password, Digest, encrypted Created). The authority's
// decoder takes the standard alphabet (RFC 4648 §4: A–Z a–z 0–9 + /, with = padding) on one line; two
// usual departures from it still decode here, so that the rest of the header can be checked, but each is
// named: line breaks inside the value (MIME encoders wrap at 76 columns, PEM-style ones at 64) and the
// URL-safe alphabet (RFC 4648 §5: - and _ for + and /). Whitespace around the value is not a finding.

const STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 4648 §5 with or without its padding, and at least one of the two characters it changes. */
const URL_SAFE = /^(?=[^+/]*[-_])[A-Za-z0-9_-]+={0,2}$/;

export interface Base64Reading {
  readonly bytes: Uint8Array;
  /** The value has line breaks (or other whitespace) inside it. */
  readonly lineBreaks: boolean;
  /** The length of its first line, when it has line breaks (76: MIME; 64: PEM). */
  readonly lineLength: number | null;
  /** The value is in the URL-safe alphabet. */
  readonly urlSafe: boolean;
}

/** The bytes of a Base64 value and how it departs from the standard form; null when it is no Base64 at all. */
export function readBase64(text: string): Base64Reading | null {
  const trimmed = text.trim();
  const lineBreaks = /\s/.test(trimmed);
  const compact = lineBreaks ? trimmed.replace(/\s+/g, "") : trimmed;
  const lineLength = lineBreaks ? (/^\S+/.exec(trimmed)?.[0].length ?? null) : null;
  if (STANDARD.test(compact)) return { bytes: decode(compact), lineBreaks, lineLength, urlSafe: false };
  if (!URL_SAFE.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, "");
  if (unpadded.length % 4 === 1) return null;
  const standard = unpadded.replace(/-/g, "+").replace(/_/g, "/");
  return { bytes: decode(standard + "=".repeat((4 - (standard.length % 4)) % 4)), lineBreaks, lineLength, urlSafe: true };
}

function decode(standard: string): Uint8Array {
  return binaryStringToBytes(atob(standard));
}
