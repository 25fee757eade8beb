/**
 * An offline dictionary attack on a sandbox trace (issue 48): can a trace, alone or with the header
 * that produced it, confirm a password guess? It takes every field of the trace's JSON and of the
 * header (each as its text, and as the bytes it decodes to: hex, Base64), and for each word of the
 * dictionary tries every combination of them in the header's own constructions:
 * - the word itself (UTF-8, hex, Base64) equal to a field;
 * - AES-128-ECB (PKCS#5) of the word under any 16-byte field equal to a field (the Password element);
 * - SHA-1 over the word and any field, in either order, and over the word, any 16-byte field (the role
 *   of Ks, the AES key the Digest is made with) and any field, in every order, equal to a 20-byte
 *   value the fields give: a field of 20 bytes, or the first 20 bytes of any field of whole blocks
 *   decrypted (raw AES-128-ECB, no padding check) under any 16-byte field (the Digest under Ks).
 * The word's length is used as an attacker would: only words of the password length the trace states
 * are hashed (every word is still compared directly). Returns the words a combination confirmed.
 * Usage: npx tsx scripts/checks/security/trace-dictionary.ts <trace.json> <header.xml> <words.txt>
 */
import { createDecipheriv, createCipheriv, hash } from "node:crypto";
import { readFileSync } from "node:fs";

/** Every leaf value of a JSON value (strings and numbers; booleans and null say nothing to combine). */
function leaves(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (typeof value === "number") into.push(String(value));
  else if (Array.isArray(value)) for (const item of value) leaves(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) leaves(item, into);
  return into;
}

/** The values a header gives: the Username, Password, Nonce and Created texts and the Digest attribute. */
export function headerFields(xml: string): string[] {
  const fields: string[] = [];
  for (const name of ["Username", "Password", "Nonce", "Created"]) {
    const match = new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)<`).exec(xml);
    if (match?.[1]) fields.push(match[1].trim());
  }
  const digest = /Digest="([^"]+)"/.exec(xml)?.[1];
  if (digest) fields.push(digest);
  return fields;
}

/** Each field as its UTF-8 text, and as what it decodes to (hex, Base64), without repeats. */
export function candidates(fields: readonly string[]): Buffer[] {
  const seen = new Map<string, Buffer>();
  const add = (bytes: Buffer) => {
    if (bytes.length > 0 && bytes.length <= 1_024) seen.set(bytes.toString("hex"), bytes);
  };
  for (const field of fields) {
    add(Buffer.from(field, "utf8"));
    if (/^(?:[0-9a-fA-F]{2})+$/.test(field)) add(Buffer.from(field, "hex"));
    const compact = field.replace(/\s+/g, "");
    if (compact.length >= 8 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) add(Buffer.from(compact, compact.includes("-") || compact.includes("_") ? "base64url" : "base64"));
  }
  return [...seen.values()];
}

function rawDecrypt(key: Buffer, data: Buffer): Buffer {
  const decipher = createDecipheriv("aes-128-ecb", key, null);
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

function aes(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export interface AttackResult {
  /** The words some combination confirmed. */
  readonly confirmed: string[];
  /** How many tries (comparisons and hashes) were made, and of how many fields. */
  readonly tries: number;
  readonly fields: number;
}

/** The attack of this file's comment, on the trace's JSON and the header's fields, with `words`. */
export function attackTrace(trace: unknown, headerXml: string, words: readonly string[], passwordBytes?: number, { stopAtFirst = false } = {}): AttackResult {
  const parts = candidates([...leaves(trace), ...headerFields(headerXml)]);
  const known = new Set(parts.map((part) => part.toString("hex")));
  const keys = parts.filter((part) => part.length === 16);
  // The 20-byte values a SHA-1 could be compared with.
  const targets = new Set<string>();
  for (const part of parts) if (part.length === 20) targets.add(part.toString("hex"));
  for (const key of keys) for (const part of parts) if (part.length >= 32 && part.length % 16 === 0) targets.add(rawDecrypt(key, part).subarray(0, 20).toString("hex"));
  const confirmed = new Set<string>();
  let tries = 0;
  // node:crypto's one-shot hash (no Hash object per try: the attack makes millions).
  const sha1 = (...chunks: Buffer[]) => {
    tries += 1;
    return hash("sha1", chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), "hex");
  };
  for (const word of words) {
    if (stopAtFirst && confirmed.size > 0) break;
    const bytes = Buffer.from(word, "utf8");
    for (const form of [bytes, Buffer.from(bytes.toString("hex")), Buffer.from(bytes.toString("base64"))]) {
      tries += 1;
      if (known.has(form.toString("hex"))) confirmed.add(word);
    }
    for (const key of keys) {
      tries += 1;
      if (known.has(aes(key, bytes).toString("hex"))) confirmed.add(word);
    }
    if (passwordBytes !== undefined && bytes.length !== passwordBytes) continue;
    if (targets.has(sha1(bytes))) confirmed.add(word);
    for (const a of parts) if (targets.has(sha1(a, bytes)) || targets.has(sha1(bytes, a))) confirmed.add(word);
    for (const key of keys) {
      for (const b of parts) {
        if (
          targets.has(sha1(key, b, bytes)) ||
          targets.has(sha1(key, bytes, b)) ||
          targets.has(sha1(b, key, bytes)) ||
          targets.has(sha1(b, bytes, key)) ||
          targets.has(sha1(bytes, key, b)) ||
          targets.has(sha1(bytes, b, key))
        )
          confirmed.add(word);
      }
    }
  }
  return { confirmed: [...confirmed], tries, fields: parts.length };
}

/** The password length a trace states (its password step), which the attack uses as an attacker would. */
export function statedPasswordBytes(trace: unknown): number | undefined {
  const steps = (trace as { trace?: { steps?: Array<Record<string, unknown>> } } | null)?.trace?.steps ?? [];
  const step = steps.find((candidate) => candidate.step === "password");
  return typeof step?.plaintextBytes === "number" ? step.plaintextBytes : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [traceFile, headerFile, wordsFile] = process.argv.slice(2);
  if (!traceFile || !headerFile || !wordsFile) {
    console.error("usage: npx tsx scripts/checks/security/trace-dictionary.ts <trace.json> <header.xml> <words.txt>");
    process.exit(2);
  }
  const trace: unknown = JSON.parse(readFileSync(traceFile, "utf8"));
  const words = readFileSync(wordsFile, "utf8").split(/\r?\n/).filter(Boolean);
  const result = attackTrace(trace, readFileSync(headerFile, "utf8"), words, statedPasswordBytes(trace));
  console.log(JSON.stringify(result));
  process.exit(result.confirmed.length > 0 ? 1 : 0);
}
