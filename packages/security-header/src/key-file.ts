import { readFile, stat } from "node:fs/promises";
import type { AuthorityKey } from "./authority-key.js";
import { SecurityHeaderError } from "./errors.js";
import { parseAuthorityKey } from "./parse-authority-key.js";

const MAX_KEY_FILE_BYTES = 1024 * 1024; // certificates are a few KB; refuse to slurp big files

/** Reads the authority's certificate or public key from a PEM or DER file. */
export async function readAuthorityKeyFile(path: string): Promise<AuthorityKey> {
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new SecurityHeaderError("KEY_FILE_UNREADABLE", `Key file is not a regular file: ${path}`);
    if (info.size > MAX_KEY_FILE_BYTES) {
      throw new SecurityHeaderError("UNREADABLE_KEY", `Key file is too large to be a certificate or public key: ${path}`);
    }
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof SecurityHeaderError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new SecurityHeaderError("KEY_FILE_NOT_FOUND", `Key file not found: ${path}`);
    }
    throw new SecurityHeaderError("KEY_FILE_UNREADABLE", `Key file cannot be read (${code ?? "I/O error"}): ${path}`);
  }
  return parseAuthorityKey(bytes);
}
