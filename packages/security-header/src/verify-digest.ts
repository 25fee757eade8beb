import iconv from "iconv-lite";
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

/** The diagnosis: the cause, and for two of them which encoding or which order matched. */
export interface DigestDiagnosis {
  readonly likelyCause: DigestMismatchCause;
  /** For "password-encoding": the encodings that give the bytes hashed (IANA names, comma-separated). */
  readonly encoding?: string;
  /** For "order": the order the parts were hashed in, e.g. "Created ‖ Ks ‖ Password". */
  readonly order?: string;
}

/**
 * Why a Digest does not match: tries the mistakes seen in real clients and returns the first whose
 * digest is the one received. Each try is one SHA-1 of a few dozen bytes (about 600 in all, for a
 * password of at most MAX_DIAGNOSED_PASSWORD_BYTES).
 */
export function likelyDigestCause(received: Buffer, inputs: DigestInputs): DigestDiagnosis {
  const { sessionKey, passwordBytes } = inputs;
  const created = Buffer.from(inputs.createdText, "utf8");
  const matches = (...parts: Buffer[]) => sha1(...parts).equals(received);
  const password = passwordBytes.toString("utf8");

  for (const text of createdVariants(inputs)) {
    if (matches(sessionKey, Buffer.from(text, "utf8"), passwordBytes)) return { likelyCause: "created-text" };
  }
  for (const { bytes, names } of passwordEncodings(password)) {
    if (!bytes.equals(passwordBytes) && matches(sessionKey, created, bytes)) return { likelyCause: "password-encoding", encoding: names.join(", ") };
  }
  for (const text of [`${password}\n`, `${password}\r\n`, password.replace(/\r?\n$/, "")]) {
    const bytes = Buffer.from(text, "utf8");
    if (!bytes.equals(passwordBytes) && matches(sessionKey, created, bytes)) return { likelyCause: "password-trailing-newline" };
  }
  for (const keyText of [sessionKey.toString("base64"), sessionKey.toString("hex")]) {
    if (matches(Buffer.from(keyText, "latin1"), created, passwordBytes)) return { likelyCause: "key-base64" };
  }
  const parts = { k: sessionKey, c: created, p: passwordBytes };
  for (const order of ["kpc", "ckp", "cpk", "pkc", "pck"] as const) {
    const letters = [...order] as (keyof typeof parts)[];
    if (matches(...letters.map((part) => parts[part]))) return { likelyCause: "order", order: letters.map((part) => PART_NAMES[part]).join(" ‖ ") };
  }
  if (inputs.claimedPassword !== undefined && matches(sessionKey, created, Buffer.from(inputs.claimedPassword, "utf8"))) {
    return { likelyCause: "password" };
  }
  return { likelyCause: "unknown" };
}

/** The parts' names as the header and the guide write them (the same in every language). */
const PART_NAMES = { k: "Ks", c: "Created", p: "Password" } as const;

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

/**
 * The single-byte encodings Windows and older Java and PHP defaults use, then UTF-16 (Java's `char`s,
 * .NET's Encoding.Unicode). Encoded by iconv-lite; an encoding that cannot hold every character of the
 * password is skipped. Encodings that give the same bytes are named together (for "pässwörd",
 * Windows-1252, ISO-8859-15 and ISO-8859-1 all do): the bytes cannot tell them apart.
 */
const PASSWORD_ENCODINGS = ["windows-1252", "ISO-8859-15", "ISO-8859-1", "UTF-16LE", "UTF-16BE"] as const;

function passwordEncodings(password: string): { bytes: Buffer; names: string[] }[] {
  const found: { bytes: Buffer; names: string[] }[] = [];
  for (const name of PASSWORD_ENCODINGS) {
    const bytes = iconv.encode(password, name);
    if (iconv.decode(bytes, name) !== password) continue; // a character this encoding has not
    const same = found.find((candidate) => candidate.bytes.equals(bytes));
    if (same) same.names.push(name);
    else found.push({ bytes, names: [name] });
  }
  return found;
}
