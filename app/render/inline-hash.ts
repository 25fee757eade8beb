import { createHash } from "node:crypto";

/**
 * The inline scripts and styles of a static document (a page of text served with the same bytes to
 * every visitor), as CSP hash sources: the policy allows exactly these, and needs no nonce.
 */
export interface InlineSources {
  /** `'sha256-…'` of each inline `<script>`'s text. */
  scripts: string[];
  /** `'sha256-…'` of each inline `<style>`'s text. */
  styles: string[];
}

// The inline texts of a build are few and fixed (the stylesheet, the speculation rules, one module):
// each is hashed once. The stylesheet comes as the same Buffer every time (read once at start).
const byString = new Map<string, string>();
const byBuffer = new WeakMap<Buffer, string>();
const MAX_REMEMBERED_STRINGS = 64;

/** The CSP hash source (`'sha256-<base64>'`) of an inline element's text, as the browser hashes it (UTF-8). */
export function cspHash(text: string | Buffer): string {
  const known = typeof text === "string" ? byString.get(text) : byBuffer.get(text);
  if (known) return known;
  const source = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  if (typeof text !== "string") byBuffer.set(text, source);
  else if (byString.size < MAX_REMEMBERED_STRINGS) byString.set(text, source);
  return source;
}
