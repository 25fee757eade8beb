import { ecb } from "@noble/ciphers/aes.js";
import { sha1 } from "@noble/hashes/legacy.js";
import {
  authorityKeyWarnings,
  resolveAuthorityKey,
  rsaEncryptPkcs1v15,
  type AuthorityKeyInput,
} from "./authority-key.js";
import { concatBytes, toBase64, utf8 } from "./bytes.js";
import { formatCreated, HEADER_VALIDITY_MS } from "./created.js";
import { SecurityHeaderError, type SecurityHeaderWarning } from "./errors.js";
import { validateUsername } from "./username.js";
import { escapeXml, WSS_NAMESPACE } from "./xml.js";

export interface SecurityHeaderOptions {
  /** `NIF/UserID`, e.g. "123456789/1". */
  readonly username: string;
  readonly password: string;
  /** The authority's certificate or public key: PEM text, DER bytes, or the result of parseAuthorityKey(). */
  readonly publicKey: AuthorityKeyInput;
  /** Put Created in clear text (older clients did); encrypted by default. The Digest is the same either way. */
  readonly createdInClear?: boolean;
  /** Generation time; defaults to the current time. */
  readonly now?: Date;
}

export interface SecurityHeader {
  readonly username: string;
  /** Base64(AES(Ks, Password)) */
  readonly password: string;
  /** Base64(RSA(authority key, Ks)) */
  readonly nonce: string;
  /** Base64(AES(Ks, SHA1(Ks || Created || Password))) */
  readonly digest: string;
  /** Base64(AES(Ks, Created)), or the clear Created text with `createdInClear`. */
  readonly created: string;
  /** ISO 8601, equal to the clear Created text. */
  readonly createdAt: string;
  /** createdAt + HEADER_VALIDITY_MS. */
  readonly expiresAt: string;
  readonly xml: string;
  readonly warnings: readonly SecurityHeaderWarning[];
}

const KEY_BYTES = 16; // AES-128

/**
 * Builds the authority's WS-Security UsernameToken. A fresh random AES-128 key (Ks) is drawn for
 * every header; it is sent to the authority RSA-encrypted in <Nonce>.
 */
export async function generateSecurityHeader(options: SecurityHeaderOptions): Promise<SecurityHeader> {
  const { username, password, publicKey, createdInClear = false } = options;
  const validated = validateUsername(username);
  checkPassword(password);
  const now = options.now ?? new Date();
  const createdText = formatCreated(now);
  const authorityKey = resolveAuthorityKey(publicKey);

  const sessionKey = randomSessionKey();
  try {
    const aes = () => ecb(sessionKey); // PKCS#7 padding is the library default
    const passwordBytes = utf8(password);
    const createdBytes = utf8(createdText);
    const digestInput = concatBytes(sessionKey, createdBytes, passwordBytes);

    const header = {
      username,
      password: toBase64(aes().encrypt(passwordBytes)),
      nonce: toBase64(rsaEncryptPkcs1v15(authorityKey, sessionKey)),
      digest: toBase64(aes().encrypt(sha1(digestInput))),
      created: createdInClear ? createdText : toBase64(aes().encrypt(createdBytes)),
      createdAt: createdText,
      expiresAt: new Date(now.getTime() + HEADER_VALIDITY_MS).toISOString(),
    };
    passwordBytes.fill(0);
    digestInput.fill(0);
    return {
      ...header,
      xml: buildSecurityXml(header),
      warnings: [...validated.warnings, ...authorityKeyWarnings(authorityKey, now)],
    };
  } finally {
    sessionKey.fill(0); // best effort: Ks is never reused
  }
}

function checkPassword(password: unknown): asserts password is string {
  if (typeof password !== "string" || password.length === 0) {
    throw new SecurityHeaderError("EMPTY_PASSWORD", "The password is empty");
  }
  // A lone UTF-16 surrogate has no UTF-8 form; encoding would silently replace it.
  if (/\p{Cs}/u.test(password)) {
    throw new SecurityHeaderError("INVALID_PASSWORD", "The password contains an invalid character (lone UTF-16 surrogate)");
  }
}

function randomSessionKey(): Uint8Array {
  const webCrypto = globalThis.crypto as Crypto | undefined;
  if (typeof webCrypto?.getRandomValues !== "function") {
    throw new SecurityHeaderError("RANDOM_UNAVAILABLE", "No cryptographic random number generator (crypto.getRandomValues) is available");
  }
  return webCrypto.getRandomValues(new Uint8Array(KEY_BYTES));
}

function buildSecurityXml(fields: Omit<SecurityHeader, "xml" | "warnings" | "createdAt" | "expiresAt">): string {
  return [
    `<wss:Security xmlns:wss="${WSS_NAMESPACE}">`,
    "  <wss:UsernameToken>",
    `    <wss:Username>${escapeXml(fields.username)}</wss:Username>`,
    `    <wss:Password Digest="${escapeXml(fields.digest)}">${escapeXml(fields.password)}</wss:Password>`,
    `    <wss:Nonce>${escapeXml(fields.nonce)}</wss:Nonce>`,
    `    <wss:Created>${escapeXml(fields.created)}</wss:Created>`,
    "  </wss:UsernameToken>",
    "</wss:Security>",
  ].join("\n");
}
