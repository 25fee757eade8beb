import { HEADER_VALIDITY_MS } from "./created.js";
import { fromBase64 } from "./bytes.js";
import { aesDecrypt, rsaDecrypt, sameSecret, sha1, verifierKey, type VerifierKey, type VerifierPrivateKey } from "./verify-crypto.js";
import { likelyDigestCause } from "./verify-digest.js";
import { Findings, sortFindings, type VerificationFinding } from "./verify-findings.js";
import { findTokenParts } from "./verify-structure.js";
import { attribute, parseXml, XML_LIMITS, type XmlElement, type XmlProblem } from "./verify-xml.js";
import { usernameProblem } from "./username.js";
import { SOAP_ENVELOPE_NAMESPACE } from "./xml.js";

export interface VerifyOptions {
  /**
   * The private key the header was made for: the local test key. The Nonce is decrypted with PKCS#1
   * v1.5 by node:crypto, only where OpenSSL does implicit rejection (proven per key; see verify-crypto.ts).
   */
  readonly privateKey: VerifierPrivateKey;
  readonly now?: Date;
  /** How old Created may be; the authority's limit is 1 minute. */
  readonly maxAgeMs?: number;
  /** How far in the future Created may be (clocks differ a little). */
  readonly futureToleranceMs?: number;
  /** When given, the header's password must be this one (compared in constant time, never echoed). */
  readonly password?: string;
}

export interface VerificationResult {
  /** No error findings (warnings allowed). */
  readonly ok: boolean;
  readonly form: "digest" | "encrypted-created" | "mixed" | null;
  readonly username: string | null;
  /** Created in clear (decrypted if needed), when it is well formed. */
  readonly createdAt: string | null;
  /** In the order a person should fix them. */
  readonly findings: readonly VerificationFinding[];
}

/** A SOAP envelope with a security header is 1–2 KB; nothing larger is read. */
export const MAX_VERIFY_INPUT_BYTES = 16 * 1024;

/**
 * The most bytes (after Base64) each encrypted element may have; a longer one is refused before any
 * decryption. A Nonce is one RSA block (512 bytes for a 4096-bit key; 1024 allows 8192-bit keys); a
 * Digest is SHA-1's 20 bytes in AES blocks (32); an encrypted Created is 24 characters (32); a
 * Password of up to 512 bytes fits in 528. Without them a 10 KB Password cost 14 ms of CPU per check.
 */
export const MAX_CIPHERTEXT_BYTES = { Nonce: 1_024, Password: 528, Digest: 48, Created: 64 } as const;
/** The Digest's diagnosis (which of the usual mistakes made it) runs only for passwords up to this size. */
export const MAX_DIAGNOSED_PASSWORD_BYTES = 128;
const PARSE_PROBLEM_MESSAGES: Record<XmlProblem, (detail: string) => string> = {
  NOT_XML: (detail) => `The input is not well-formed XML: ${detail}`,
  DTD_FORBIDDEN: () => "The request has a DOCTYPE: it is refused (no DTD is read, no entity expanded)",
  XML_TOO_DEEP: () => `The request nests elements more than ${XML_LIMITS.maxDepth} deep: it is not read further`,
  XML_TOO_MANY_ELEMENTS: () => `The request has more than ${XML_LIMITS.maxElements} elements: it is not read further`,
  XML_TOO_MANY_ATTRIBUTES: () => `An element has more than ${XML_LIMITS.maxAttributes} attributes: the request is not read further`,
};
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Decrypts and checks a security header (a bare <wss:Security> or a whole SOAP 1.1 envelope). Never
 * throws on the input: whatever is wrong with it becomes a finding. Throws on a bad key (the caller's
 * mistake) and, with ImplicitRejectionUnavailableError, on a runtime without implicit rejection.
 */
export function verifySecurityHeader(xml: string, options: VerifyOptions): VerificationResult {
  const key = verifierKey(options.privateKey);
  const findings = new Findings();
  const result = (form: VerificationResult["form"], username: string | null, createdAt: string | null): VerificationResult => {
    const sorted = sortFindings(findings.list);
    return { ok: !sorted.some((finding) => finding.severity === "error"), form, username, createdAt, findings: sorted };
  };

  if (typeof xml !== "string" || Buffer.byteLength(xml, "utf8") > MAX_VERIFY_INPUT_BYTES) {
    const detail = `the input is not text of at most ${MAX_VERIFY_INPUT_BYTES / 1024} KB`;
    findings.error("NOT_XML", `The input is not text of at most ${MAX_VERIFY_INPUT_BYTES / 1024} KB`, { detail });
    return result(null, null, null);
  }
  const parsed = parseXml(xml);
  if (!parsed.ok) {
    findings.error(parsed.problem, PARSE_PROBLEM_MESSAGES[parsed.problem](parsed.detail), { detail: parsed.detail });
    return result(null, null, null);
  }
  checkEnvelopeVersion(parsed.elements[0], findings);
  const parts = findTokenParts(parsed.elements, findings);
  if (!parts) return result(null, null, null);

  const username = parts.username ? parts.username.text.trim() : null;
  if (username !== null && usernameProblem(username) !== null) {
    findings.error("USERNAME_FORMAT", "The username must be NIF/UserID: 9 digits, a slash and the sub-user number, e.g. 123456789/1");
  }
  const passwordBytes = parts.password ? ciphertextOf("Password", parts.password.text, findings) : null;
  const nonceBytes = parts.nonce ? ciphertextOf("Nonce", parts.nonce.text, findings) : null;
  const digestText = parts.password ? attribute(parts.password, "Digest") : undefined;
  const digestBytes = parts.password && digestText !== undefined ? ciphertextOf("Digest", digestText, findings) : null;

  // Created: clear text, or Base64 of whole AES blocks (encrypted).
  const createdElementText = parts.created?.text ?? "";
  const createdCipher = createdElementText.length > 4 * MAX_CIPHERTEXT_BYTES.Created ? null : fromBase64(createdElementText);
  const createdEncrypted = !!parts.created && createdCipher !== null && createdCipher.length > 0 && createdCipher.length % 16 === 0;
  const hasDigest = digestText !== undefined;
  let form: VerificationResult["form"] = null;
  if (hasDigest && createdEncrypted) {
    form = "mixed";
    findings.error("MIXED_FORM", "The header has a Digest AND an encrypted Created: send either a Digest with Created in clear, or no Digest with Created encrypted");
  } else if (hasDigest && parts.created) form = "digest";
  else if (!hasDigest && createdEncrypted) form = "encrypted-created";
  else if (parts.password && parts.created) {
    findings.error("MISSING_ELEMENT", "Created is in clear text, so Password needs its Digest attribute (or encrypt Created and send no Digest)", { element: "Digest" });
  }

  // An element over its size: nothing is decrypted (its cost is bounded by the sizes above).
  if (findings.has("CIPHERTEXT_TOO_LONG")) return result(form, username, null);
  const sessionKey = nonceBytes ? sessionKeyOf(nonceBytes, key, findings) : null;
  let password: Buffer | null = null;
  if (sessionKey && passwordBytes) password = passwordOf(sessionKey, passwordBytes, options.password, findings);

  let createdText: string | null = null;
  if (parts.created && !createdEncrypted) createdText = createdElementText.trim();
  else if (parts.created && sessionKey && createdCipher) {
    const clear = aesDecrypt(sessionKey, Buffer.from(createdCipher));
    if (!clear) findings.error("CREATED_UNDECRYPTABLE", "Created cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
    else {
      createdText = utf8(clear);
      if (createdText === null) findings.error("CREATED_MALFORMED", "The decrypted Created is not UTF-8 text", { value: "(not UTF-8 text)" });
    }
  }
  const createdAt = createdText !== null && validCreated(createdText) ? createdText : null;
  if (createdText !== null && createdAt === null) {
    findings.error("CREATED_MALFORMED", "Created must be UTC as yyyy-MM-ddTHH:mm:ss.SSSZ", { value: createdText.slice(0, 64) });
  }

  if (sessionKey && password && digestBytes && createdText !== null) {
    const received = aesDecrypt(sessionKey, Buffer.from(digestBytes));
    if (!received) findings.error("DIGEST_UNDECRYPTABLE", "The Digest cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
    else if (!sha1(sessionKey, Buffer.from(createdText, "utf8"), password).equals(received)) {
      // The diagnosis hashes the password several ways: only for a password of plausible length.
      const likelyCause =
        password.length <= MAX_DIAGNOSED_PASSWORD_BYTES
          ? likelyDigestCause(received, { sessionKey, createdText, createdElementText, passwordBytes: password, claimedPassword: options.password })
          : "unknown";
      findings.error("DIGEST_MISMATCH", `The Digest is not AES(Ks, SHA-1(Ks ‖ Created ‖ password)) (likely cause: ${likelyCause})`, { likelyCause });
    }
  }
  if (createdAt) checkAge(Date.parse(createdAt), options, findings);
  return result(form, username, createdAt);
}

/**
 * A whole envelope must be SOAP 1.1's (the services speak only SOAP 1.1; SOAP 1.1 section 4.4.1 answers
 * any other envelope namespace with a VersionMismatch fault). A bare <wss:Security> has no envelope.
 */
function checkEnvelopeVersion(root: XmlElement | undefined, findings: Findings): void {
  if (!root || root.local !== "Envelope" || root.uri === SOAP_ENVELOPE_NAMESPACE) return;
  const found = root.uri === "" ? "(none)" : root.uri;
  findings.error(
    "SOAP_VERSION_MISMATCH",
    `The Envelope is in the namespace ${found}; the services speak SOAP 1.1 (${SOAP_ENVELOPE_NAMESPACE})`,
    { found, expected: SOAP_ENVELOPE_NAMESPACE },
  );
}

/** An encrypted element's bytes, refused (one finding, nothing decrypted) above its size. */
function ciphertextOf(name: keyof typeof MAX_CIPHERTEXT_BYTES, text: string, findings: Findings): Uint8Array | null {
  const maxBytes = MAX_CIPHERTEXT_BYTES[name];
  // Base64 takes 4 characters per 3 bytes: a longer text is refused before it is even decoded.
  const bytes = text.trim().length > Math.ceil(maxBytes / 3) * 4 + 8 ? undefined : base64Of(name, text, findings);
  if (bytes === null) return null;
  if (bytes === undefined || bytes.length > maxBytes) {
    findings.error("CIPHERTEXT_TOO_LONG", `${name} is longer than ${maxBytes} bytes: it was not decrypted`, { element: name, maxBytes });
    return null;
  }
  return bytes;
}

function base64Of(name: string, text: string, findings: Findings): Uint8Array | null {
  const bytes = fromBase64(text);
  if (bytes && bytes.length > 0) return bytes;
  findings.error("BASE64_INVALID", `${name} is not standard Base64`, { element: name });
  return null;
}

/**
 * The session key from the Nonce. With implicit rejection a Nonce made for another key, or with broken
 * padding, decrypts to substitute bytes of some length: 16 bytes are taken as the key (a substitute of
 * exactly 16 bytes, about one broken Nonce in 250 for a 2048-bit key and 500 for 4096, then fails at the
 * Password's AES padding). Anything else is one finding, whatever went wrong (length, padding, key or
 * key size): telling them apart would tell a stranger something about the decryption of a ciphertext
 * they chose (a padding oracle).
 */
function sessionKeyOf(nonce: Uint8Array, key: VerifierKey, findings: Findings): Buffer | null {
  const clear = rsaDecrypt(key, Buffer.from(nonce));
  if (clear && clear.length === 16) return clear;
  findings.error("NONCE_UNDECRYPTABLE", "The Nonce is not a 16-byte AES key encrypted for this key with RSA PKCS#1 v1.5");
  return null;
}

function passwordOf(sessionKey: Buffer, cipher: Uint8Array, claimed: string | undefined, findings: Findings): Buffer | null {
  const password = aesDecrypt(sessionKey, Buffer.from(cipher));
  if (!password) {
    findings.error("PASSWORD_UNDECRYPTABLE", "The Password cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
    return null;
  }
  if (utf8(password) === null) findings.error("PASSWORD_NOT_UTF8", "The decrypted password is not UTF-8 text");
  else if (claimed !== undefined && !sameSecret(password, Buffer.from(claimed, "utf8"))) {
    findings.error("PASSWORD_MISMATCH", "The header holds a different password from the one given");
  }
  return password;
}

function checkAge(created: number, options: VerifyOptions, findings: Findings): void {
  const { now = new Date(), maxAgeMs = HEADER_VALIDITY_MS, futureToleranceMs = 5_000 } = options;
  const age = now.getTime() - created;
  if (age < -futureToleranceMs) {
    const skewSeconds = Math.round(-age / 1000);
    findings.error("CREATED_IN_FUTURE", `Created is ${skewSeconds} s in the future: the sender's clock is ahead`, { skewSeconds });
  } else if (age > maxAgeMs) {
    const ageSeconds = Math.floor(age / 1000); // whole seconds elapsed, as an age is told
    findings.error("EXPIRED", `Created is ${ageSeconds} s old; a header is valid for ${Math.round(maxAgeMs / 1000)} s`, { ageSeconds, skewSeconds: ageSeconds });
  }
}

function validCreated(text: string): boolean {
  return CREATED.test(text) && new Date(Date.parse(text)).toISOString() === text;
}

function utf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
