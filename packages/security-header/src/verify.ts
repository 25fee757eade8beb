import { HEADER_VALIDITY_MS } from "./created.js";
import { MAX_VERIFY_INPUT_BYTES } from "./limits.js";
import { readBase64 } from "./verify-base64.js";
import { AES_MODES, aesDecryptIn, replayMark, sameSecret, sha1, type AesMode, type NoncePadding, type VerifierPrivateKey } from "./verify-crypto.js";
import { likelyDigestCause, type DigestDiagnosis } from "./verify-digest.js";
import { Findings, sortFindings, type DigestMismatchCause, type VerificationFinding } from "./verify-findings.js";
import { formatUtcOffset, utcOffsetsInForce } from "./verify-time-zones.js";
import { keyBitsOfNonce, nonceKey, resolveKeys, type ResolvedKey, type VerifierKeyEntry } from "./verify-keys.js";
import { findTokenParts } from "./verify-structure.js";
import { TraceRecorder, type TraceElement, type TraceNamespace, type VerificationTrace } from "./verify-trace.js";
import { attribute, parseXml, XML_LIMITS, type XmlElement, type XmlProblem } from "./verify-xml.js";
import { usernameProblem } from "./username.js";
import { SOAP_ENVELOPE_NAMESPACE } from "./xml.js";

export interface VerifyOptions {
  /**
   * The private key the header was made for: the local test key (the same as `keys` with one entry of
   * status "current" and id "default"). The Nonce is decrypted with PKCS#1 v1.5 by node:crypto, only
   * where OpenSSL does implicit rejection (proven per key; see verify-crypto.ts). Give it or `keys`.
   */
  readonly privateKey?: VerifierPrivateKey;
  /**
   * The keys a header may be made for, tried in this order (current first, then next, then retired):
   * the result names the one the Nonce fits (`keyId`); a retired one gets NONCE_RETIRED_KEY.
   */
  readonly keys?: readonly VerifierKeyEntry[];
  /**
   * Also return `trace`: each step taken with its outcomes and lengths (never the session key, nor any
   * value computed from the password: see verify-trace.ts).
   */
  readonly trace?: boolean;
  /**
   * Also return `replayMarks`: one-way marks of the header's session key and Digest, by which a
   * receiver that remembers them for the header's validity recognises the same header sent again.
   */
  readonly replayMarks?: boolean;
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
  /** The id of the key the Nonce fits (`keys[].id`, "default" for a lone privateKey), or null. */
  readonly keyId: string | null;
  /** In the order a person should fix them. */
  readonly findings: readonly VerificationFinding[];
  /** Only when `trace: true` was asked for. */
  readonly trace?: VerificationTrace;
  /**
   * Only when `replayMarks: true` was asked for and the Nonce fits a key: SHA-256 marks of Ks and of
   * the Digest as sent (`replayMark`), to remember for the header's validity; never a trace's field.
   */
  readonly replayMarks?: readonly string[];
}

/** A SOAP envelope with a security header is 1–2 KB; nothing larger is read (limits.ts). */
export { MAX_VERIFY_INPUT_BYTES };

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
  const keys = resolveKeys(options);
  const findings = new Findings();
  const trace = new TraceRecorder(options.trace === true);
  let keyId: string | null = null;
  const marks: string[] = [];
  const result = (form: VerificationResult["form"], username: string | null, createdAt: string | null): VerificationResult => {
    const sorted = sortFindings(findings.list);
    const traced = trace.finish(sorted);
    return {
      ok: !sorted.some((finding) => finding.severity === "error"),
      form,
      username,
      createdAt,
      keyId,
      findings: sorted,
      ...(traced ? { trace: traced } : {}),
      ...(options.replayMarks ? { replayMarks: marks } : {}),
    };
  };

  const inputBytes = typeof xml === "string" ? Buffer.byteLength(xml, "utf8") : 0;
  trace.add({ step: "input", bytes: inputBytes, maxBytes: MAX_VERIFY_INPUT_BYTES, withinLimit: typeof xml === "string" && inputBytes <= MAX_VERIFY_INPUT_BYTES });
  if (typeof xml !== "string" || inputBytes > MAX_VERIFY_INPUT_BYTES) {
    const detail = `the input is not text of at most ${MAX_VERIFY_INPUT_BYTES / 1024} KB`;
    findings.error("NOT_XML", `The input is not text of at most ${MAX_VERIFY_INPUT_BYTES / 1024} KB`, { detail, maxBytes: MAX_VERIFY_INPUT_BYTES });
    return result(null, null, null);
  }
  const parsed = parseXml(xml);
  trace.add({ step: "xml", wellFormed: parsed.ok, problem: parsed.ok ? null : parsed.problem, elementCount: parsed.ok ? parsed.elements.length : 0 });
  if (!parsed.ok) {
    findings.error(parsed.problem, PARSE_PROBLEM_MESSAGES[parsed.problem](parsed.detail), { detail: parsed.detail });
    return result(null, null, null);
  }
  checkEnvelopeVersion(parsed.elements[0], findings);
  trace.add(() => soapStep(parsed.elements));
  trace.add(() => ({ step: "elements", elements: tracedElements(parsed.elements) }));
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
  const createdReading = createdElementText.length > 4 * MAX_CIPHERTEXT_BYTES.Created ? null : readBase64(createdElementText);
  const createdCipher = createdReading?.bytes ?? null;
  const createdEncrypted = !!parts.created && createdCipher !== null && createdCipher.length > 0 && createdCipher.length % 16 === 0;
  if (createdEncrypted && createdReading) base64Departures("Created", createdReading, findings);
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
  trace.add({ step: "form", form, digestAttribute: hasDigest, createdEncrypted });

  // An element over its size: nothing is decrypted (its cost is bounded by the sizes above).
  if (findings.has("CIPHERTEXT_TOO_LONG")) return result(form, username, null);
  // A key fits when the Password (or else the encrypted Created) then decrypts with valid AES padding:
  // in ECB, or in CBC (a mistake named below) to UTF-8 text.
  const aesCheck = (sessionKey: Buffer): boolean => {
    if (passwordBytes) return aesValue(sessionKey, Buffer.from(passwordBytes)) !== null;
    if (createdEncrypted && createdCipher) return aesValue(sessionKey, Buffer.from(createdCipher)) !== null;
    return true;
  };
  let sessionKey: Buffer | null = null;
  if (nonceBytes) {
    const chosen = sessionKeyOf(Buffer.from(nonceBytes), keys, aesCheck, findings, trace, options.now ?? new Date());
    sessionKey = chosen.sessionKey;
    keyId = chosen.keyId;
    if (options.replayMarks && sessionKey && keyId !== null) {
      marks.push(replayMark("nonce-key", sessionKey));
      if (digestText !== undefined) marks.push(replayMark("digest", Buffer.from(digestText.replace(/\s+/g, ""), "utf8")));
    }
  }
  let password: Buffer | null = null;
  let passwordMode: AesMode | null = null;
  if (sessionKey && passwordBytes) ({ password, mode: passwordMode } = passwordOf(sessionKey, passwordBytes, options.password, findings, trace));

  let createdText: string | null = null;
  if (parts.created && !createdEncrypted) createdText = createdElementText.trim();
  else if (parts.created && sessionKey && createdCipher) {
    const decrypted = aesValue(sessionKey, Buffer.from(createdCipher), passwordMode);
    if (!decrypted) findings.error("CREATED_UNDECRYPTABLE", "Created cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
    else {
      cbcFinding("Created", decrypted.mode, findings);
      createdText = utf8(decrypted.clear);
      if (createdText === null) findings.error("CREATED_MALFORMED", "The decrypted Created is not UTF-8 text", { value: "(not UTF-8 text)" });
    }
  }
  const createdAt = createdText !== null && validCreated(createdText) ? createdText : null;
  if (createdText !== null && createdAt === null) {
    findings.error("CREATED_MALFORMED", "Created must be UTC as yyyy-MM-ddTHH:mm:ss.SSSZ", { value: createdText.slice(0, 64) });
  }
  if (parts.created) {
    trace.add({ step: "created", sent: createdElementText.slice(0, 4 * MAX_CIPHERTEXT_BYTES.Created), encrypted: createdEncrypted, text: createdText?.slice(0, 64) ?? null, parsed: createdAt });
  }

  if (sessionKey && password && digestBytes && createdText !== null && digestText !== undefined) {
    checkDigest({ sessionKey, password, digestBytes, digestText, createdText, createdElementText, claimed: options.password, passwordMode }, findings, trace);
  }
  if (createdAt) checkAge(Date.parse(createdAt), options, findings, trace);
  return result(form, username, createdAt);
}

interface DigestCheck {
  readonly sessionKey: Buffer;
  readonly password: Buffer;
  readonly digestBytes: Uint8Array;
  readonly digestText: string;
  readonly createdText: string;
  readonly createdElementText: string;
  readonly claimed: string | undefined;
  /** The AES mode the Password was found in (the Digest is tried in it first). */
  readonly passwordMode: AesMode | null;
}

function checkDigest(check: DigestCheck, findings: Findings, trace: TraceRecorder): void {
  const { sessionKey, password } = check;
  const created = Buffer.from(check.createdText, "utf8");
  const expected = sha1(sessionKey, created, password);
  // A SHA-1 is 20 bytes: the mode that gives 20 bytes is the one the Digest was encrypted in.
  const decrypted = aesValue(sessionKey, Buffer.from(check.digestBytes), check.passwordMode, (clear) => clear.length === expected.length);
  const received = decrypted?.clear ?? null;
  if (decrypted) cbcFinding("Digest", decrypted.mode, findings);
  let likelyCause: DigestMismatchCause | null = null;
  if (!received) findings.error("DIGEST_UNDECRYPTABLE", "The Digest cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
  else if (!expected.equals(received)) {
    // The diagnosis hashes the password several ways: only for a password of plausible length.
    const diagnosis: DigestDiagnosis =
      password.length <= MAX_DIAGNOSED_PASSWORD_BYTES
        ? likelyDigestCause(received, { sessionKey, createdText: check.createdText, createdElementText: check.createdElementText, passwordBytes: password, claimedPassword: check.claimed })
        : { likelyCause: "unknown" };
    likelyCause = diagnosis.likelyCause;
    const which = diagnosis.encoding ?? diagnosis.order;
    findings.error(
      "DIGEST_MISMATCH",
      `The Digest is not AES(Ks, SHA-1(Ks ‖ Created ‖ password)) (likely cause: ${likelyCause}${which ? `: ${which}` : ""})`,
      { ...diagnosis },
    );
  }
  // Outcomes, lengths and offsets only: with Ks or a value computed from the password, a trace (with
  // its header) would confirm a password guess offline (verify-trace.ts).
  trace.add(() => ({
    step: "digest",
    hashed: [
      { part: "Ks", offset: 0, bytes: sessionKey.length },
      { part: "Created", offset: sessionKey.length, bytes: created.length },
      { part: "Password", offset: sessionKey.length + created.length, bytes: password.length },
    ],
    createdHex: created.toString("hex"),
    passwordBytes: password.length,
    receivedDigestBytes: check.digestBytes.length,
    receivedDecrypts: received !== null,
    receivedSha1Bytes: received ? received.length : null,
    matches: received !== null && expected.equals(received),
    likelyCause,
  }));
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
  // Base64 takes 4 characters per 3 bytes: a longer text is refused before it is even decoded (line
  // breaks count as they come: at most one in 64 characters, and the value is within 16 KB anyway).
  const bytes = text.trim().length > Math.ceil(maxBytes / 3) * 4 * (1 + 2 / 64) + 8 ? undefined : base64Of(name, text, findings);
  if (bytes === null) return null;
  if (bytes === undefined || bytes.length > maxBytes) {
    findings.error("CIPHERTEXT_TOO_LONG", `${name} is longer than ${maxBytes} bytes: it was not decrypted`, { element: name, maxBytes });
    return null;
  }
  return bytes;
}

function base64Of(name: string, text: string, findings: Findings): Uint8Array | null {
  const reading = readBase64(text);
  if (reading && reading.bytes.length > 0) {
    base64Departures(name, reading, findings);
    return reading.bytes;
  }
  findings.error("BASE64_INVALID", `${name} is not standard Base64`, { element: name });
  return null;
}

/**
 * Base64 that decodes, but not as the authority's decoder reads it (standard alphabet, one line): an
 * error each, and the value is still read so that the rest of the header is checked.
 */
function base64Departures(name: string, reading: ReturnType<typeof readBase64> & object, findings: Findings): void {
  if (reading.lineBreaks) {
    findings.error("BASE64_LINE_BREAKS", `${name} has line breaks inside its Base64${reading.lineLength ? ` (lines of ${reading.lineLength} characters)` : ""}: send it on one line`, {
      element: name,
      ...(reading.lineLength ? { lineLength: reading.lineLength } : {}),
    });
  }
  if (reading.urlSafe) findings.error("BASE64_URL_SAFE", `${name} is in the URL-safe Base64 alphabet (- and _): use the standard one (+ and /, with = padding)`, { element: name });
}

/**
 * An AES value decrypted in ECB, else in CBC with a zero IV, else in CBC with the first block as its
 * IV (`first`: the Password's mode, tried first), whichever first gives a plausible plaintext (`accept`;
 * default UTF-8 text: a wrong key passes a padding check about once in 256 per mode, and CBC's first
 * block with the wrong IV is random bytes); else ECB's, when its padding is valid; else null.
 */
function aesValue(sessionKey: Buffer, cipher: Buffer, first: AesMode | null = null, accept?: (clear: Buffer) => boolean): { clear: Buffer; mode: AesMode } | null {
  const modes = first ? [first, ...AES_MODES.filter((mode) => mode !== first)] : AES_MODES;
  const plausible = accept ?? ((clear: Buffer) => utf8(clear) !== null);
  let ecb: Buffer | null = null;
  for (const mode of modes) {
    const clear = aesDecryptIn(mode, sessionKey, cipher);
    if (!clear) continue;
    if (mode === "ecb") ecb = clear;
    if (plausible(clear)) return { clear, mode };
  }
  // ECB with valid padding but other bytes: the checks after it say what is wrong with them.
  return ecb ? { clear: ecb, mode: "ecb" } : null;
}

function cbcFinding(element: "Password" | "Digest" | "Created", mode: AesMode, findings: Findings): void {
  if (mode === "ecb") return;
  const iv = mode === "cbc-zero-iv" ? "zero" : "prepended";
  findings.error("AES_CBC_MODE", `${element} is encrypted in AES-CBC (${iv === "zero" ? "IV of zeros" : "IV sent as its first block"}): use AES/ECB/PKCS5Padding`, { element, iv });
}

/**
 * The session key from the Nonce, and the key it was made for (see `nonceKey` in verify-keys.ts for why
 * trying several keys tells a stranger nothing but which of ours). With implicit rejection a Nonce made
 * for another key, or with broken padding, decrypts to substitute bytes of some length: anything but 16
 * bytes is one finding, whatever went wrong (padding, key): telling them apart would tell a stranger
 * something about the decryption of a ciphertext they chose (a padding oracle). The Nonce's LENGTH is
 * public, though: one of another length than every key's modulus gets the key size it fits.
 */
function sessionKeyOf(
  nonce: Buffer,
  keys: readonly ResolvedKey[],
  aesCheck: (sessionKey: Buffer) => boolean,
  findings: Findings,
  trace: TraceRecorder,
  now: Date,
): { sessionKey: Buffer | null; keyId: string | null } {
  const outcome = nonceKey(nonce, keys, aesCheck);
  const fitted = outcome.kind === "fits" ? outcome : null;
  trace.add(() => ({
    step: "nonce",
    bytes: nonce.length,
    keyBits: keys.map((key) => key.modulusBits),
    triedKeyIds: outcome.tried.map((key) => key.entry.id),
    key: fitted ? { id: fitted.key.entry.id, status: fitted.key.entry.status, fingerprintSha256: fitted.key.entry.fingerprintSha256, modulusBits: fitted.key.modulusBits } : null,
    padding: fitted ? fitted.padding : null,
    sessionKeyBytes: fitted ? fitted.sessionKey.length : null,
  }));
  if (outcome.kind === "length") {
    nonceLengthFinding(nonce.length, keys, findings);
    return { sessionKey: null, keyId: null };
  }
  if (outcome.kind === "none") {
    // Exactly what a verifier holding only the first key of that length says (no word about the others).
    if (!outcome.sessionKey) findings.error("NONCE_UNDECRYPTABLE", "The Nonce is not a 16-byte AES key encrypted for this key with RSA PKCS#1 v1.5");
    return { sessionKey: outcome.sessionKey, keyId: null };
  }
  const { entry } = outcome.key;
  if (outcome.padding !== "pkcs1") oaepFinding(outcome.padding, findings);
  if (entry.status === "next" && entry.validFrom !== undefined && now.getTime() < Date.parse(entry.validFrom)) {
    findings.warning(
      "NONCE_KEY_NOT_YET_VALID",
      `The Nonce is encrypted for the next key ${entry.id} (SHA-256 ${entry.fingerprintSha256}), valid only from ${entry.validFrom}: until then, encrypt it with the current certificate`,
      { keyId: entry.id, fingerprintSha256: entry.fingerprintSha256, validFrom: entry.validFrom },
    );
  }
  if (entry.status === "retired") {
    findings.error(
      "NONCE_RETIRED_KEY",
      `The Nonce is encrypted for the retired key ${entry.id} (SHA-256 ${entry.fingerprintSha256}): encrypt it with the current certificate`,
      { keyId: entry.id, fingerprintSha256: entry.fingerprintSha256 },
    );
  }
  return { sessionKey: outcome.sessionKey, keyId: entry.id };
}

/** A Nonce that decrypts with RSA-OAEP, not PKCS#1 v1.5: which hash, as Java and .NET name the padding. */
function oaepFinding(padding: Exclude<NoncePadding, "pkcs1">, findings: Findings): void {
  const hash = padding === "oaep-sha1" ? "SHA-1" : "SHA-256";
  findings.error("NONCE_OAEP", `The Nonce is encrypted with RSA-OAEP (${hash}), not RSA PKCS#1 v1.5: use RSA/ECB/PKCS1Padding`, { hash });
}

/** A Nonce of a length no key has: the key size it fits, against the one expected (the first current key's). */
function nonceLengthFinding(nonceBytes: number, keys: readonly ResolvedKey[], findings: Findings): void {
  const expected = keys.find((key) => key.entry.status === "current") ?? keys[0];
  const expectedKeyBits = expected?.modulusBits ?? 0;
  const fitsKeyBits = keyBitsOfNonce(nonceBytes);
  const expectedBytes = expectedKeyBits / 8;
  if (fitsKeyBits !== null) {
    findings.error(
      "NONCE_UNDECRYPTABLE",
      `The Nonce is ${nonceBytes} bytes, one RSA block of a ${fitsKeyBits}-bit key; the certificate's key is ${expectedKeyBits}-bit (${expectedBytes} bytes): encrypt Ks with the public key of that certificate`,
      { likelyCause: "key-size", nonceBytes, fitsKeyBits, expectedKeyBits, expectedBytes },
    );
  } else {
    findings.error(
      "NONCE_UNDECRYPTABLE",
      `The Nonce is ${nonceBytes} bytes, which is no RSA block; with the certificate's ${expectedKeyBits}-bit key it is ${expectedBytes} bytes`,
      { likelyCause: "nonce-length", nonceBytes, expectedKeyBits, expectedBytes },
    );
  }
}

function passwordOf(
  sessionKey: Buffer,
  cipher: Uint8Array,
  claimed: string | undefined,
  findings: Findings,
  trace: TraceRecorder,
): { password: Buffer | null; mode: AesMode | null } {
  const decrypted = aesValue(sessionKey, Buffer.from(cipher));
  if (!decrypted) {
    findings.error("PASSWORD_UNDECRYPTABLE", "The Password cannot be decrypted with the key in the Nonce (AES/ECB/PKCS5Padding)");
    trace.add({ step: "password", ciphertextBytes: cipher.length, decrypted: false, aesMode: null, plaintextBytes: null, utf8: null, matchesGiven: null });
    return { password: null, mode: null };
  }
  const { clear: password, mode } = decrypted;
  cbcFinding("Password", mode, findings);
  const text = utf8(password);
  const matchesGiven = claimed === undefined ? null : sameSecret(password, Buffer.from(claimed, "utf8"));
  if (text === null) findings.error("PASSWORD_NOT_UTF8", "The decrypted password is not UTF-8 text");
  else if (matchesGiven === false) findings.error("PASSWORD_MISMATCH", "The header holds a different password from the one given");
  // A line break is almost never part of a password: one read from a file or piped by echo keeps it.
  const lineBreak = text === null ? -1 : text.search(/[\r\n]/);
  if (text !== null && lineBreak >= 0) {
    const position = /^[^\r\n]*(\r\n|\n|\r)$/.test(text) ? "end" : "inside";
    findings.warning("PASSWORD_LINE_BREAK", `The password holds a line break (${position === "end" ? "at its end" : "inside it"}): it is sent and hashed as part of the password`, { position });
  }
  trace.add({ step: "password", ciphertextBytes: cipher.length, decrypted: true, aesMode: mode, plaintextBytes: password.length, utf8: text !== null, matchesGiven });
  return { password, mode };
}

function checkAge(created: number, options: VerifyOptions, findings: Findings, trace: TraceRecorder): void {
  const { now = new Date(), maxAgeMs = HEADER_VALIDITY_MS, futureToleranceMs = 5_000 } = options;
  const age = now.getTime() - created;
  trace.add({ step: "clock", now: now.toISOString(), created: new Date(created).toISOString(), skewMs: age, maxAgeMs, futureToleranceMs });
  const offset = age < -futureToleranceMs || age > maxAgeMs ? timeZoneOffset(age, maxAgeMs, futureToleranceMs, now) : null;
  const zone: Record<string, string | number> =
    offset === null
      ? {}
      : { likelyCause: "time-zone", offset: formatUtcOffset(offset), span: offsetSpan(offset), offsetMinutes: offset, offsetHours: offset / 60, hours: Math.abs(offset) / 60 };
  const zoneText = offset === null ? "" : `: it is off by the UTC offset ${formatUtcOffset(offset)}, a time zone (local time written as UTC)`;
  if (age < -futureToleranceMs) {
    const skewSeconds = Math.round(-age / 1000);
    findings.error("CREATED_IN_FUTURE", `Created is ${skewSeconds} s in the future${zoneText || ": the sender's clock is ahead"}`, { skewSeconds, ...zone });
  } else if (age > maxAgeMs) {
    const ageSeconds = Math.floor(age / 1000); // whole seconds elapsed, as an age is told
    findings.error("EXPIRED", `Created is ${ageSeconds} s old; a header is valid for ${Math.round(maxAgeMs / 1000)} s${zoneText}`, { ageSeconds, skewSeconds: ageSeconds, ...zone });
  }
}

/** An offset's size as the texts write it, the same in pt and en: 330 → "5 h 30 min", -120 → "2 h". */
function offsetSpan(minutes: number): string {
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return rest === 0 ? `${hours} h` : hours === 0 ? `${rest} min` : `${hours} h ${rest} min`;
}

/** UTC offsets are whole quarter hours (+05:45, +12:45 are the finest). */
const OFFSET_STEP_MS = 15 * 60_000;

/**
 * A Created off by a UTC offset in force somewhere at `now` (whole, half or three-quarter hours), give
 * or take the validity window, is local time written as UTC (a time zone, or summer time): the offset
 * in minutes that Created is ahead of the server's clock (negative: behind), when taking it away would
 * make the header valid; else null.
 */
export function timeZoneOffset(ageMs: number, maxAgeMs: number, futureToleranceMs: number, now: Date = new Date()): number | null {
  const steps = Math.round(-ageMs / OFFSET_STEP_MS);
  if (steps === 0) return null;
  const minutes = (steps * OFFSET_STEP_MS) / 60_000;
  const corrected = ageMs + steps * OFFSET_STEP_MS;
  if (corrected < -futureToleranceMs || corrected > maxAgeMs) return null;
  return utcOffsetsInForce(now).has(minutes) ? minutes : null;
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

const XMLNS = "http://www.w3.org/2000/xmlns/";
const SOAP_12_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";
/** The envelope's and the header's elements a trace lists (a SOAP body's own elements are not). */
const TRACED_ELEMENTS = new Set(["Envelope", "Header", "Body", "Security", "UsernameToken", "Username", "Password", "Nonce", "Created"]);
const MAX_TRACED = 32;

function soapStep(elements: readonly XmlElement[]): { step: "soap"; envelope: boolean; soapVersion: "1.1" | "1.2" | "unknown" | null; envelopeNamespace: string | null; namespaces: TraceNamespace[] } {
  const root = elements[0];
  const envelope = root?.local === "Envelope";
  const soapVersion = !envelope ? null : root.uri === SOAP_ENVELOPE_NAMESPACE ? "1.1" : root.uri === SOAP_12_NAMESPACE ? "1.2" : "unknown";
  const namespaces: TraceNamespace[] = [];
  for (const element of elements) {
    for (const { uri, local, value } of element.attributes) {
      if (uri !== XMLNS || namespaces.length >= MAX_TRACED) continue;
      namespaces.push({ prefix: local === "xmlns" ? "" : local, uri: value, declaredOn: element.local });
    }
  }
  return { step: "soap", envelope, soapVersion, envelopeNamespace: envelope ? root.uri : null, namespaces };
}

function tracedElements(elements: readonly XmlElement[]): TraceElement[] {
  const depthOf = (element: XmlElement) => {
    let depth = 0;
    for (let parent = element.parent; parent; parent = parent.parent) depth += 1;
    return depth;
  };
  return elements
    .filter((element) => TRACED_ELEMENTS.has(element.local))
    .slice(0, MAX_TRACED)
    .map((element) => ({ local: element.local, namespaceUri: element.uri, prefix: element.prefix, depth: depthOf(element) }));
}
