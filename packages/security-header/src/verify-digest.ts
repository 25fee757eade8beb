import { sha1 } from "./verify-crypto.js";
import type { DigestMismatchCause } from "./verify-findings.js";

export interface DigestInputs {
  readonly sessionKey: Buffer;
  /** The Created text as sent (clear), or as decrypted. */
  readonly createdText: string;
  /** The Created element's text as it stands in the XML (the Base64 text when encrypted). */
  readonly createdElementText: string;
  /** The password bytes as decrypted from the header. */
  readonly passwordBytes: Buffer;
  /** The password the developer says they used, if given. */
  readonly claimedPassword?: string;
}

/**
 * Why a Digest does not match: tries the mistakes seen in real clients and returns the first whose
 * digest is the one received. Each try is one SHA-1 of a few dozen bytes.
 */
export function likelyDigestCause(received: Buffer, inputs: DigestInputs): DigestMismatchCause {
  const { sessionKey, passwordBytes } = inputs;
  const created = Buffer.from(inputs.createdText, "utf8");
  const matches = (...parts: Buffer[]) => sha1(...parts).equals(received);
  const password = passwordBytes.toString("utf8");

  for (const text of createdVariants(inputs)) {
    if (matches(sessionKey, Buffer.from(text, "utf8"), passwordBytes)) return "created-text";
  }
  for (const bytes of passwordEncodings(password)) {
    if (!bytes.equals(passwordBytes) && matches(sessionKey, created, bytes)) return "password-encoding";
  }
  for (const text of [`${password}\n`, `${password}\r\n`, password.replace(/\r?\n$/, "")]) {
    const bytes = Buffer.from(text, "utf8");
    if (!bytes.equals(passwordBytes) && matches(sessionKey, created, bytes)) return "password-trailing-newline";
  }
  for (const keyText of [sessionKey.toString("base64"), sessionKey.toString("hex")]) {
    if (matches(Buffer.from(keyText, "latin1"), created, passwordBytes)) return "key-base64";
  }
  const parts = { k: sessionKey, c: created, p: passwordBytes };
  for (const order of ["kpc", "ckp", "cpk", "pkc", "pck"] as const) {
    if (matches(...[...order].map((part) => parts[part as keyof typeof parts]))) return "order";
  }
  if (inputs.claimedPassword !== undefined && matches(sessionKey, created, Buffer.from(inputs.claimedPassword, "utf8"))) {
    return "password";
  }
  return "unknown";
}

const OFFSET_STEP_MINUTES = 15;

/** Texts a client may have hashed instead of the Created it sent. */
function* createdVariants({ createdText, createdElementText }: DigestInputs): Generator<string> {
  yield createdElementText; // untrimmed, or the Base64 of the encrypted Created
  yield createdElementText.trim();
  yield "";
  const time = Date.parse(createdText);
  if (Number.isNaN(time)) return;
  // Milliseconds or Z missing, "+00:00", and local time in every time zone (−12:00 to +14:00).
  for (let minutes = -12 * 60; minutes <= 14 * 60; minutes += OFFSET_STEP_MINUTES) {
    const iso = new Date(time + minutes * 60_000).toISOString();
    const noMillis = iso.replace(/\.\d{3}Z$/, "Z");
    yield* [iso, iso.slice(0, -1), noMillis, noMillis.slice(0, -1), iso.replace(/Z$/, "+00:00")];
  }
  yield String(time);
}

function passwordEncodings(password: string): Buffer[] {
  const encodings: Buffer[] = [Buffer.from(password, "utf16le"), Buffer.from(password, "utf16le").swap16()];
  // Latin-1 only says something when every character fits in it.
  if ([...password].every((char) => (char.codePointAt(0) ?? 0) <= 0xff)) encodings.unshift(Buffer.from(password, "latin1"));
  return encodings;
}
