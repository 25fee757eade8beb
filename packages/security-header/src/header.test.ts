import { createDecipheriv, createHash, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import {
  generateSecurityHeader,
  HEADER_VALIDITY_MS,
  parseAuthorityKey,
  SecurityHeaderError,
  type SecurityHeaderErrorCode,
} from "./index.js";
import { FIXTURE_CERTIFICATE_PATH } from "./test-support/openssl.js";

// Node's own generator is fast; forge decrypts (Node 20 may refuse PKCS#1 v1.5 private decryption).
const rsa = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const forgePrivateKey = forge.pki.privateKeyFromPem(rsa.privateKey);
const parsedKey = parseAuthorityKey(rsa.publicKey);

function recoverSessionKey(nonce: string): Buffer {
  const decrypted = forgePrivateKey.decrypt(forge.util.decode64(nonce), "RSAES-PKCS1-V1_5");
  return Buffer.from(decrypted, "binary");
}

function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv("aes-128-ecb", key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]);
}

async function expectCode(promise: Promise<unknown>, code: SecurityHeaderErrorCode): Promise<SecurityHeaderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SecurityHeaderError);
  expect((error as SecurityHeaderError).code).toBe(code);
  return error as SecurityHeaderError;
}

const usernameArb = fc
  .tuple(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{1,6}$/))
  .map(([nif, user]) => `${nif}/${user}`);
const passwordArb = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
const dateArb = fc.date({ min: new Date("1970-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });

describe("generateSecurityHeader round trip (forge + node:crypto decryption)", () => {
  it("recovers password, created and digest for arbitrary inputs", async () => {
    await fc.assert(
      fc.asyncProperty(usernameArb, passwordArb, dateArb, fc.boolean(), async (username, password, now, createdInClear) => {
        const header = await generateSecurityHeader({ username, password, publicKey: parsedKey, now, createdInClear });
        const key = recoverSessionKey(header.nonce);
        expect(key).toHaveLength(16);
        expect(aesDecrypt(key, header.password).toString("utf8")).toBe(password);
        const created = createdInClear ? header.created : aesDecrypt(key, header.created).toString("utf8");
        expect(created).toBe(now.toISOString());
        const sha1 = createHash("sha1").update(key).update(created, "utf8").update(password, "utf8").digest();
        expect(aesDecrypt(key, header.digest)).toEqual(sha1);
        expect(header.username).toBe(username);
        expect(Date.parse(header.expiresAt) - Date.parse(header.createdAt)).toBe(HEADER_VALIDITY_MS);
      }),
      { numRuns: 60 },
    );
  });

  it("draws a fresh session key for every header (never the same nonce or key)", async () => {
    const nonces = new Set<string>();
    const keys = new Set<string>();
    const now = new Date("2026-01-01T00:00:00.000Z");
    for (let i = 0; i < 50; i++) {
      const header = await generateSecurityHeader({ username: "123456789/1", password: "same", publicKey: parsedKey, now });
      nonces.add(header.nonce);
      keys.add(recoverSessionKey(header.nonce).toString("hex"));
    }
    expect(nonces.size).toBe(50);
    expect(keys.size).toBe(50);
  });

  it("defaults `now` to the current time", async () => {
    const before = Date.now();
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: parsedKey });
    const created = Date.parse(header.createdAt);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Date.now());
  });
});

describe("generateSecurityHeader warnings", () => {
  it("warns (does not refuse) on a NIF with a wrong check digit", async () => {
    const header = await generateSecurityHeader({ username: "555555555/1", password: "p", publicKey: parsedKey });
    expect(header.warnings.map((w) => w.code)).toEqual(["NIF_CHECK_DIGIT"]);
  });

  it("has no warnings for a valid NIF and a bare public key", async () => {
    const header = await generateSecurityHeader({ username: "123456789/0", password: "p", publicKey: parsedKey });
    expect(header.warnings).toEqual([]);
  });

  it("warns when the authority certificate expires soon", async () => {
    const pem = readFileSync(FIXTURE_CERTIFICATE_PATH, "utf8");
    const header = await generateSecurityHeader({
      username: "123456789/0",
      password: "p",
      publicKey: pem,
      now: new Date("2027-04-01T00:00:00.000Z"),
    });
    expect(header.warnings.map((w) => w.code)).toEqual(["CERT_EXPIRING_SOON"]);
  });
});

describe("generateSecurityHeader refuses bad input with a typed error", () => {
  const base = { username: "123456789/1", password: "p4ssw0rd-SECRET", publicKey: parsedKey };

  it.each(["", "123456789", "12345678/1", "1234567890/1", "123456789/", "123456789/a", " 123456789/1", "123456789/1 ", "123456789\\1", "١٢٣٤٥٦٧٨٩/1", "123456789/1/2", "<x>/1"])(
    "INVALID_USERNAME for %j",
    async (username) => {
      const error = await expectCode(generateSecurityHeader({ ...base, username }), "INVALID_USERNAME");
      expect(error.message).toBe("Username must be NIF/UserID: 9 digits, a slash and the sub-user number, e.g. 123456789/1");
    },
  );

  it("EMPTY_PASSWORD", async () => {
    await expectCode(generateSecurityHeader({ ...base, password: "" }), "EMPTY_PASSWORD");
  });

  it("INVALID_PASSWORD for a lone surrogate (it has no UTF-8 form)", async () => {
    const error = await expectCode(generateSecurityHeader({ ...base, password: "ab\uD800cd" }), "INVALID_PASSWORD");
    expect(error.message).not.toContain("ab");
  });

  it.each([
    ["not PEM", "hello"],
    ["PEM garbage", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"],
    ["random bytes", new Uint8Array([1, 2, 3, 4, 5])],
  ])("UNREADABLE_KEY for %s", async (_label, publicKey) => {
    await expectCode(generateSecurityHeader({ ...base, publicKey }), "UNREADABLE_KEY");
  });

  it("UNREADABLE_KEY for an object that parseAuthorityKey did not return", async () => {
    const forged = { source: "public-key", keySizeBits: 2048, certificate: null } as const;
    await expectCode(generateSecurityHeader({ ...base, publicKey: forged }), "UNREADABLE_KEY");
  });

  it("PRIVATE_KEY_GIVEN for a private key", async () => {
    await expectCode(generateSecurityHeader({ ...base, publicKey: rsa.privateKey }), "PRIVATE_KEY_GIVEN");
  });

  it("NOT_RSA_KEY for an EC key", async () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" });
    await expectCode(generateSecurityHeader({ ...base, publicKey: ec.toString() }), "NOT_RSA_KEY");
  });

  it.each([
    ["an invalid Date", new Date(Number.NaN)],
    ["a year after 9999", new Date("+010000-01-01T00:00:00.000Z")],
    ["a year before 0000", new Date("-000001-01-01T00:00:00.000Z")],
  ])("INVALID_DATE for %s", async (_label, now) => {
    await expectCode(generateSecurityHeader({ ...base, now }), "INVALID_DATE");
  });

  it("never puts the password into an error message", async () => {
    const secret = "p4ssw0rd-SECRET";
    const attempts = [
      generateSecurityHeader({ ...base, username: "bad" }),
      generateSecurityHeader({ ...base, publicKey: "nope" }),
      generateSecurityHeader({ ...base, now: new Date(Number.NaN) }),
    ];
    for (const attempt of attempts) {
      const error = await attempt.catch((e: unknown) => e as Error);
      expect(String((error as Error).message)).not.toContain(secret);
      expect(String((error as Error).stack)).not.toContain(secret);
    }
  });
});
