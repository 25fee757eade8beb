// The verifier names the usual mistakes (issue 48): a Nonce in RSA-OAEP, AES in CBC, Base64 with line
// breaks or in the URL-safe alphabet, a line break in the password, a next key before its validity, a
// Created off by a half or three-quarter hour time zone. The headers with the mistakes are made by
// Python's cryptography package and Python's own Base64 encoders (test-support/mistaken_headers.py),
// independently of the verifier's node:crypto.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { generateKeyPairSync } from "node:crypto";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { verifySecurityHeader, type VerificationResult } from "./node.js";
import { craftHeader } from "./test-support/craft-header.js";
import { utcOffsetsInForce } from "./verify-time-zones.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKey = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const NOW = new Date("2026-11-23T10:00:00.000Z");
// Longer than one AES block, so that CBC with a zero IV differs from ECB.
const PASSWORD = "pässwörd-de-teste-longa";
const SCRIPT = fileURLToPath(new URL("./test-support/mistaken_headers.py", import.meta.url));

/** Debian's python3 (with its python3-cryptography), else the one on PATH; null when neither has cryptography. */
function python(): string | null {
  for (const candidate of ["/usr/bin/python3", "python3"]) {
    if (candidate.startsWith("/") && !existsSync(candidate)) continue;
    if (spawnSync(candidate, ["-c", "import cryptography"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return null;
}

const PYTHON = python();
const made: Record<string, string> = PYTHON
  ? (JSON.parse(
      spawnSync(PYTHON, [SCRIPT], {
        input: JSON.stringify({ publicKeyPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString(), username: "555555555/1", password: PASSWORD, created: NOW.toISOString() }),
        encoding: "utf8",
        timeout: 30_000,
      }).stdout,
    ) as Record<string, string>)
  : {};

const verify = (xml: string, options: { password?: string; now?: Date } = {}): VerificationResult =>
  verifySecurityHeader(xml, { privateKey, now: NOW, trace: true, ...options });
const summary = (result: VerificationResult) => result.findings.map(({ code, severity, params }) => ({ code, severity, params }));

describe.skipIf(!PYTHON)(`headers made by Python's cryptography with a mistake${PYTHON ? "" : " (skipped: no python3 with the cryptography package; Debian: python3-cryptography)"}`, () => {
  it("the header made as the authority's sample makes it passes (the script itself is right)", () => {
    expect(verify(made.standard ?? "", { password: PASSWORD }).findings).toEqual([]);
  });

  it.each([
    ["oaep-sha1", "SHA-1"],
    ["oaep-sha256", "SHA-256"],
  ])("NONCE_OAEP for a Nonce in RSA-OAEP (%s), naming the hash; the rest is still checked", (variant, hash) => {
    const result = verify(made[variant] ?? "", { password: PASSWORD });
    expect(summary(result)).toEqual([{ code: "NONCE_OAEP", severity: "error", params: { hash } }]);
    expect(result.keyId).toBe("default");
    expect(result.trace?.steps.find((step) => step.step === "nonce")).toMatchObject({ padding: variant, key: { id: "default" } });
  });

  it.each([
    ["cbc-zero-iv", "zero"],
    ["cbc-prepended-iv", "prepended"],
  ])("AES_CBC_MODE for a Password and a Digest in AES-CBC (%s IV); the Nonce fits its key and the password is right", (variant, iv) => {
    const result = verify(made[variant] ?? "", { password: PASSWORD });
    expect(summary(result)).toEqual([
      { code: "AES_CBC_MODE", severity: "error", params: { element: "Password", iv } },
      { code: "AES_CBC_MODE", severity: "error", params: { element: "Digest", iv } },
    ]);
    // The Nonce's verdict: it fits the key (it used to be "fits no key" with a prepended IV).
    expect(result.keyId).toBe("default");
    const steps = result.trace?.steps ?? [];
    expect(steps.find((step) => step.step === "nonce")).toMatchObject({ padding: "pkcs1", key: { id: "default" } });
    expect(steps.find((step) => step.step === "password")).toMatchObject({ decrypted: true, aesMode: variant, matchesGiven: true });
    expect(steps.find((step) => step.step === "digest")).toMatchObject({ matches: true });
  });

  it.each([
    ["cbc-zero-iv-encrypted-created", "zero"],
    ["cbc-prepended-iv-encrypted-created", "prepended"],
  ])("AES_CBC_MODE for the encrypted-Created form in AES-CBC (%s IV): Password and Created named, Created read", (variant, iv) => {
    const result = verify(made[variant] ?? "", { password: PASSWORD });
    expect(summary(result)).toEqual([
      { code: "AES_CBC_MODE", severity: "error", params: { element: "Password", iv } },
      { code: "AES_CBC_MODE", severity: "error", params: { element: "Created", iv } },
    ]);
    expect(result.createdAt).toBe(NOW.toISOString());
  });

  it("BASE64_LINE_BREAKS for MIME Base64 (Python's base64.encodebytes: lines of 76), with the line length", () => {
    const result = verify(made.mime ?? "", { password: PASSWORD });
    // The Nonce (344 characters) is wrapped; the shorter values end with a line break only, which is not a finding.
    expect(summary(result)).toEqual([{ code: "BASE64_LINE_BREAKS", severity: "error", params: { element: "Nonce", lineLength: 76 } }]);
    expect(result.createdAt).toBe(NOW.toISOString());
  });

  it("BASE64_URL_SAFE for the URL-safe alphabet (base64.urlsafe_b64encode), the values still read", () => {
    const result = verify(made["url-safe"] ?? "", { password: PASSWORD });
    const codes = new Set(result.findings.map((finding) => finding.code));
    expect([...codes]).toEqual(["BASE64_URL_SAFE"]);
    // The Nonce (256 random bytes) has a - or a _ but once in about 55,000 headers.
    expect(result.findings.map((finding) => finding.params.element)).toContain("Nonce");
    expect(result.keyId).toBe("default");
  });

  it.each([
    ["newline-at-end", "end", `${PASSWORD}\n`],
    ["newline-inside", "inside", `${PASSWORD.slice(0, 4)}\r\n${PASSWORD.slice(4)}`],
  ])("PASSWORD_LINE_BREAK, a warning, when Password and Digest both hold a line break (%s)", (variant, position, sent) => {
    const result = verify(made[variant] ?? "", { password: sent });
    expect(result.ok).toBe(true);
    expect(summary(result)).toEqual([{ code: "PASSWORD_LINE_BREAK", severity: "warning", params: { position } }]);
    expect(JSON.stringify(result)).not.toContain(PASSWORD.slice(4));
  });
});

describe("BASE64_INVALID stays for what is no Base64 at all", () => {
  it("a mix of both alphabets, or characters of neither", () => {
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    for (const broken of ["ab+_cd==", "abc$def"]) {
      const result = verify(xml.replace(/(<wss:Password[^>]*>)[^<]+/, `$1${broken}`));
      expect(result.findings[0]).toMatchObject({ code: "BASE64_INVALID", params: { element: "Password" } });
    }
  });
});

describe("NONCE_KEY_NOT_YET_VALID: a header for the next key before its validity (as the CLI warns)", () => {
  const next = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keys = (validFrom: string) => [
    { id: "k-current", status: "current" as const, privateKey, fingerprintSha256: "aa".repeat(32) },
    { id: "k-next", status: "next" as const, privateKey: next.privateKey, fingerprintSha256: "bb".repeat(32), validFrom },
  ];
  const header = craftHeader({ publicKey: next.publicKey, created: NOW.toISOString() });

  it("is a warning with the key, its fingerprint and the day it becomes valid; the header is still accepted", () => {
    const validFrom = "2027-02-06T00:00:00.000Z";
    const result = verifySecurityHeader(header, { keys: keys(validFrom), now: NOW });
    expect(result).toMatchObject({ ok: true, keyId: "k-next" });
    expect(summary(result)).toEqual([{ code: "NONCE_KEY_NOT_YET_VALID", severity: "warning", params: { keyId: "k-next", fingerprintSha256: "bb".repeat(32), validFrom } }]);
  });

  it("is silent once the key is valid (the overlap), and for the current key", () => {
    expect(verifySecurityHeader(header, { keys: keys("2026-11-20T00:00:00.000Z"), now: NOW }).findings).toEqual([]);
    const forCurrent = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    expect(verifySecurityHeader(forCurrent, { keys: keys("2027-02-06T00:00:00.000Z"), now: NOW }).findings).toEqual([]);
  });
});

describe("a Created off by a real UTC offset is a time zone: whole, half and three-quarter hours", () => {
  const MINUTE = 60_000;
  const off = (minutes: number, now = NOW, drift = -20_000) =>
    verifySecurityHeader(craftHeader({ publicKey: pair.publicKey, created: new Date(now.getTime() + minutes * MINUTE + drift).toISOString() }), { privateKey, now });

  it.each([
    [330, "+05:30", "5 h 30 min", "CREATED_IN_FUTURE"], // India
    [345, "+05:45", "5 h 45 min", "CREATED_IN_FUTURE"], // Nepal
    [570, "+09:30", "9 h 30 min", "CREATED_IN_FUTURE"], // Darwin
    [825, "+13:45", "13 h 45 min", "CREATED_IN_FUTURE"], // Chatham, summer time (November)
    [-210, "-03:30", "3 h 30 min", "EXPIRED"], // Newfoundland, standard time (November)
    [-570, "-09:30", "9 h 30 min", "EXPIRED"], // Marquesas
    [120, "+02:00", "2 h", "CREATED_IN_FUTURE"],
  ] as const)("%i minutes is UTC%s (%s, %s)", (minutes, offset, span, code) => {
    const result = off(minutes);
    expect(result.findings).toMatchObject([{ code, params: { likelyCause: "time-zone", offset, span, offsetMinutes: minutes, offsetHours: minutes / 60, hours: Math.abs(minutes) / 60 } }]);
    expect(result.findings[0]?.message).toContain(offset);
  });

  it("an offset in force only part of the year counts when it is in force (Chatham's +12:45 in July, not in November)", () => {
    const july = new Date("2026-07-15T10:00:00.000Z");
    expect(off(765, july).findings[0]?.params).toMatchObject({ likelyCause: "time-zone", offset: "+12:45" });
    expect(off(765).findings[0]?.params).not.toHaveProperty("likelyCause");
    expect(utcOffsetsInForce(july).has(765)).toBe(true);
  });

  it("no time zone for an offset no zone has, nor for a Created off by more than its window", () => {
    for (const minutes of [20, 320, 15 * 60, -15 * 60, 45 * 60]) expect(off(minutes).findings[0]?.params).not.toHaveProperty("likelyCause");
    // +05:30 and then 3 minutes more: not within the validity window of the offset.
    expect(off(333, NOW, 0).findings[0]?.params).not.toHaveProperty("likelyCause");
  });
});
