// Small byte helpers that work the same in Node 20 and browsers (no Buffer).

const utf8Encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** One char per byte (what atob/btoa speak). */
export function bytesToBinaryString(bytes: Uint8Array): string {
  let out = "";
  const chunk = 0x8000; // stay below argument-count limits of String.fromCharCode
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return out;
}

export function binaryStringToBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** Standard Base64 (RFC 4648 §4, with padding). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinaryString(bytes));
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Standard Base64 as senders write it: whitespace and line breaks (some tools wrap at 64 or 76
 * columns) are ignored; anything else outside the alphabet, or wrong padding, gives null.
 */
export function fromBase64(text: string): Uint8Array | null {
  const compact = text.replace(/[\s]+/g, "");
  if (!BASE64.test(compact)) return null;
  return binaryStringToBytes(atob(compact));
}

/** Base64url without padding (RFC 7518 JWK members `n`, `e`); null when not base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return binaryStringToBytes(atob(standard + "=".repeat((4 - (standard.length % 4)) % 4)));
}

export function toHex(bytes: Uint8Array, separator = ""): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(separator);
}
