import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const SHA256_OF_EMPTY = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * Sonner (the toast widget) injects its stylesheet at runtime as a <style> element, first empty and
 * then filled, without a nonce. Rather than allowing every inline style, the policy allows exactly
 * that stylesheet by hash, computed from the installed package so an upgrade cannot silently break
 * it (the end-to-end tests fail on any CSP error in the console).
 */
export function sonnerStyleHashes(): string[] {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("sonner").replace(/index\.js$/, "index.mjs");
    const source = readFileSync(entry, "utf8");
    const match = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
    if (!match?.[1]) return [SHA256_OF_EMPTY];
    const css = JSON.parse(match[1]) as string;
    return [SHA256_OF_EMPTY, `'sha256-${createHash("sha256").update(css).digest("base64")}'`];
  } catch {
    return [SHA256_OF_EMPTY];
  }
}
