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

/** node-forge speaks "binary strings" (one char per byte). */
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

/** Standard Base64 (RFC 4648, with padding). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinaryString(bytes));
}

export function fromBase64(text: string): Uint8Array {
  return binaryStringToBytes(atob(text));
}

export function toHex(bytes: Uint8Array, separator = ""): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(separator);
}
