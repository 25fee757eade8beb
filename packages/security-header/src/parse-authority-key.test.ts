import { generateKeyPairSync } from "node:crypto";
import { createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { authorityKeyWarnings, SecurityHeaderError, type SecurityHeaderErrorCode } from "./index.js";
import { generateSecurityHeader, parseAuthorityKey } from "./node.js";
import { FIXTURE_FILE, FIXTURE_PRESENT, IMPLEMENTATIONS } from "./test-support/implementations.js";
import { makeTempDir, openssl } from "./test-support/openssl.js";

const fixturePem = FIXTURE_PRESENT ? readFileSync(FIXTURE_FILE, "utf8") : "";

function expectCode(action: () => unknown, code: SecurityHeaderErrorCode): SecurityHeaderError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(SecurityHeaderError);
    expect((error as SecurityHeaderError).code).toBe(code);
    return error as SecurityHeaderError;
  }
  throw new Error(`expected ${code}`);
}

describe.skipIf(!FIXTURE_PRESENT)(`the authority's 4096-bit certificate (${FIXTURE_FILE})`, () => {
  const key = FIXTURE_PRESENT ? parseAuthorityKey(fixturePem) : (undefined as never);

  it("parses with key size, subject and validity", () => {
    expect(key.source).toBe("certificate");
    expect(key.keySizeBits).toBe(4096);
    expect(key.certificate?.notAfter).toBe("2027-04-15T07:48:58.000Z");
    expect(key.certificate?.notBefore).toBe("2025-04-15T07:38:58.000Z");
    expect(key.certificate?.subject).toContain("CN=Chave Cifra Publica AT");
    expect(key.certificate?.subject).toContain("O=Autoridade Tributaria e Aduaneira");
  });

  it("agrees with openssl on the fingerprint and serial", () => {
    const fingerprint = openssl(["x509", "-noout", "-fingerprint", "-sha256"], fixturePem).toString().trim();
    const serial = openssl(["x509", "-noout", "-serial"], fixturePem).toString().trim();
    expect(`sha256 Fingerprint=${key.certificate?.sha256Fingerprint}`).toBe(fingerprint);
    expect(`serial=${key.certificate?.serialNumber}`).toBe(serial);
  });

  it("gives the public key as the JWK node:crypto exports", () => {
    expect(key.publicKey).toEqual(createPublicKey(fixturePem).export({ format: "jwk" }));
  });

  it.each(IMPLEMENTATIONS)("makes headers in both forms with %s (512-byte Nonce; only the authority can decrypt)", async (_name, generate) => {
    const digest = await generate({ username: "123456789/1", password: "p", publicKey: key.publicKey });
    expect(Buffer.from(digest.nonce, "base64")).toHaveLength(512);
    expect(Buffer.from(digest.password, "base64")).toHaveLength(16);
    expect(Buffer.from(digest.digest ?? "", "base64")).toHaveLength(32); // 20-byte SHA-1 padded to two blocks
    expect(digest.created).toBe(digest.createdAt);
    const encrypted = await generate({ username: "123456789/1", password: "p", publicKey: key, form: "encrypted-created" });
    expect(Buffer.from(encrypted.nonce, "base64")).toHaveLength(512);
    expect(Buffer.from(encrypted.created, "base64")).toHaveLength(32); // 24 characters padded to two blocks
    expect(encrypted.digest).toBeNull();
  });

  it("warns through the header when the certificate expires soon", async () => {
    const header = await generateSecurityHeader({ username: "123456789/0", password: "p", publicKey: key, now: new Date("2027-04-01T00:00:00.000Z") });
    expect(header.warnings.map((w) => w.code)).toEqual(["CERT_EXPIRING_SOON"]);
  });

  it("also parses from DER bytes and from an ArrayBuffer", () => {
    const der = new Uint8Array(openssl(["x509", "-outform", "DER"], fixturePem));
    expect(parseAuthorityKey(der).certificate?.notAfter).toBe("2027-04-15T07:48:58.000Z");
    const buffer = der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength);
    expect(parseAuthorityKey(buffer).keySizeBits).toBe(4096);
  });

  it("returns frozen plain data that survives JSON (a server hands it to a browser)", () => {
    expect(Object.isFrozen(key)).toBe(true);
    expect(Object.keys(key).sort()).toEqual(["certificate", "keySizeBits", "publicKey", "source"]);
    expect(JSON.parse(JSON.stringify(key))).toEqual(key);
  });
});

describe.skipIf(!FIXTURE_PRESENT)("certificate warnings", () => {
  const key = FIXTURE_PRESENT ? parseAuthorityKey(fixturePem) : (undefined as never);
  const codes = (now: string) => authorityKeyWarnings(key, new Date(now)).map((w) => w.code);

  it.each([
    ["2026-06-01T00:00:00.000Z", []],
    ["2027-03-16T07:48:57.000Z", []], // 30 days and 1 second before
    ["2027-03-16T07:48:58.000Z", ["CERT_EXPIRING_SOON"]], // exactly 30 days before
    ["2027-04-15T07:48:58.000Z", ["CERT_EXPIRING_SOON"]], // last valid instant
    ["2027-04-15T07:48:58.001Z", ["CERT_EXPIRED"]],
    ["2025-01-01T00:00:00.000Z", ["CERT_NOT_YET_VALID"]],
  ])("at %s: %j", (now, expected) => {
    expect(codes(now)).toEqual(expected);
  });

  it("says when the certificate expires", () => {
    const [warning] = authorityKeyWarnings(key, new Date("2027-05-01T00:00:00.000Z"));
    expect(warning?.message).toContain("2027-04-15T07:48:58.000Z");
  });

  it("has none for a bare public key (no dates)", () => {
    const spki = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" });
    expect(authorityKeyWarnings(parseAuthorityKey(spki.toString()), new Date("2100-01-01"))).toEqual([]);
  });
});

describe("parseAuthorityKey refuses what it cannot use", () => {
  const rsa1024 = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const rsa2048 = generateKeyPairSync("rsa", { modulusLength: 2048 });

  it.each([
    ["empty string", ""],
    ["plain text", "not a key"],
    ["a broken PEM body", "-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----"],
    ["an unsupported PEM type", "-----BEGIN CERTIFICATE REQUEST-----\nMAA=\n-----END CERTIFICATE REQUEST-----"],
  ])("UNREADABLE_KEY: %s", (_label, input) => {
    expectCode(() => parseAuthorityKey(input), "UNREADABLE_KEY");
  });

  it("UNREADABLE_KEY for DER that is not a key, and for non-bytes", () => {
    expectCode(() => parseAuthorityKey(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01])), "UNREADABLE_KEY");
    expectCode(() => parseAuthorityKey(new Uint8Array(0)), "UNREADABLE_KEY");
    expectCode(() => parseAuthorityKey(42 as unknown as string), "UNREADABLE_KEY");
  });

  it("PRIVATE_KEY_GIVEN for PKCS#8 and PKCS#1 private keys, PEM or DER", () => {
    for (const type of ["pkcs8", "pkcs1"] as const) {
      expectCode(() => parseAuthorityKey(rsa2048.privateKey.export({ type, format: "pem" }).toString()), "PRIVATE_KEY_GIVEN");
      expectCode(() => parseAuthorityKey(new Uint8Array(rsa2048.privateKey.export({ type, format: "der" }))), "PRIVATE_KEY_GIVEN");
    }
  });

  it.skipIf(!FIXTURE_PRESENT)("accepts a bundle with a private key beside the certificate (uses the certificate)", () => {
    const bundle = `${rsa2048.privateKey.export({ type: "pkcs8", format: "pem" }).toString()}${fixturePem}`;
    expect(parseAuthorityKey(bundle).keySizeBits).toBe(4096);
  });

  it("NOT_RSA_KEY for EC and Ed25519 public keys and an EC certificate", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const ed = generateKeyPairSync("ed25519");
    const error = expectCode(() => parseAuthorityKey(ec.publicKey.export({ type: "spki", format: "pem" }).toString()), "NOT_RSA_KEY");
    expect(error.message).toContain("EC");
    expectCode(() => parseAuthorityKey(ed.publicKey.export({ type: "spki", format: "pem" }).toString()), "NOT_RSA_KEY");

    const temp = makeTempDir();
    try {
      const keyPath = `${temp.dir}/ec.pem`;
      openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath]);
      const certificate = openssl(["req", "-x509", "-new", "-key", keyPath, "-subj", "/CN=ec", "-days", "1"]).toString();
      expectCode(() => parseAuthorityKey(certificate), "NOT_RSA_KEY");
    } finally {
      temp.cleanup();
    }
  });

  it("KEY_TOO_SMALL for a 1024-bit RSA key", () => {
    expectCode(() => parseAuthorityKey(rsa1024.publicKey.export({ type: "spki", format: "pem" }).toString()), "KEY_TOO_SMALL");
  });

  it("keeps key bytes out of error messages", () => {
    const pem = rsa2048.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const error = expectCode(() => parseAuthorityKey(pem), "PRIVATE_KEY_GIVEN");
    const body = pem.split("\n")[1] ?? "";
    expect(error.message).not.toContain(body.slice(0, 16));
  });
});
