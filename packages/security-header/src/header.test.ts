import { createDecipheriv, createHash, generateKeyPairSync, type JsonWebKey } from "node:crypto";
import fc from "fast-check";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { HEADER_FORMS, HEADER_VALIDITY_MS, SecurityHeaderError, type RsaPublicJwk, type SecurityHeaderErrorCode } from "./index.js";
import { IMPLEMENTATIONS } from "./test-support/implementations.js";

// Node generates the key; forge decrypts (Node 20.11+ refuses PKCS#1 v1.5 private decryption).
const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const jwk = rsa.publicKey.export({ format: "jwk" }) as RsaPublicJwk;
const forgePrivateKey = forge.pki.privateKeyFromPem(rsa.privateKey.export({ type: "pkcs8", format: "pem" }).toString());

function recoverSessionKey(nonce: string): Buffer {
  return Buffer.from(forgePrivateKey.decrypt(forge.util.decode64(nonce), "RSAES-PKCS1-V1_5"), "binary");
}

function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv("aes-128-ecb", key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]);
}

async function expectCode(promise: Promise<unknown>, code: SecurityHeaderErrorCode): Promise<SecurityHeaderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SecurityHeaderError);
  expect((error as SecurityHeaderError).code).toBe(code);
  return error as SecurityHeaderError;
}

const usernameArb = fc.tuple(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{1,6}$/)).map(([nif, user]) => `${nif}/${user}`);
const passwordArb = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
const dateArb = fc.date({ min: new Date("1970-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });

describe.each(IMPLEMENTATIONS)("generateSecurityHeader, %s", (_name, generateSecurityHeader) => {
  it("digest form (default): clear Created and Digest = AES(Ks, SHA-1(Ks ‖ Created ‖ password)), for any input", async () => {
    await fc.assert(
      fc.asyncProperty(usernameArb, passwordArb, dateArb, async (username, password, now) => {
        const header = await generateSecurityHeader({ username, password, publicKey: jwk, now });
        expect(header.form).toBe("digest");
        const key = recoverSessionKey(header.nonce);
        expect(key).toHaveLength(16);
        expect(aesDecrypt(key, header.password).toString("utf8")).toBe(password);
        expect(header.created).toBe(now.toISOString());
        expect(header.createdAt).toBe(now.toISOString());
        const sha1 = createHash("sha1").update(key).update(header.created, "utf8").update(password, "utf8").digest();
        expect(aesDecrypt(key, header.digest ?? "")).toEqual(sha1);
        expect(header.xml).toContain(`<wss:Password Digest="${header.digest}">${header.password}</wss:Password>`);
        expect(header.xml).toContain(`<wss:Created>${header.createdAt}</wss:Created>`);
        expect(Date.parse(header.expiresAt) - Date.parse(header.createdAt)).toBe(HEADER_VALIDITY_MS);
      }),
      { numRuns: 40 },
    );
  });

  it("encrypted-created form: no Digest anywhere, Created = AES(Ks, Created)", async () => {
    await fc.assert(
      fc.asyncProperty(usernameArb, passwordArb, dateArb, async (username, password, now) => {
        const header = await generateSecurityHeader({ username, password, publicKey: jwk, now, form: "encrypted-created" });
        expect(header.form).toBe("encrypted-created");
        expect(header.digest).toBeNull();
        expect(header.xml).not.toContain("Digest");
        const key = recoverSessionKey(header.nonce);
        expect(aesDecrypt(key, header.password).toString("utf8")).toBe(password);
        expect(aesDecrypt(key, header.created).toString("utf8")).toBe(now.toISOString());
        expect(header.xml).toContain(`<wss:Password>${header.password}</wss:Password>`);
        expect(header.xml).toContain(`<wss:Created>${header.created}</wss:Created>`);
      }),
      { numRuns: 25 },
    );
  });

  it("draws a fresh session key for every header", async () => {
    const now = new Date("2026-01-01T00:00:00.000Z");
    const keys = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const header = await generateSecurityHeader({ username: "123456789/1", password: "same", publicKey: jwk, now });
      keys.add(recoverSessionKey(header.nonce).toString("hex"));
    }
    expect(keys.size).toBe(30);
  });

  it("defaults `now` to the current time", async () => {
    const before = Date.now();
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: jwk });
    expect(Date.parse(header.createdAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(header.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it("warns (does not refuse) on a NIF with a wrong check digit; none for a valid NIF and a bare key", async () => {
    expect((await generateSecurityHeader({ username: "555555555/1", password: "p", publicKey: jwk })).warnings.map((w) => w.code)).toEqual([
      "NIF_CHECK_DIGIT",
    ]);
    expect((await generateSecurityHeader({ username: "123456789/0", password: "p", publicKey: jwk })).warnings).toEqual([]);
  });

  describe("refuses bad input with a typed error", () => {
    const base = { username: "123456789/1", password: "p4ssw0rd-SECRET", publicKey: jwk };

    it.each(["", "123456789", "12345678/1", "123456789/", "123456789/a", " 123456789/1", "123456789\\1", "١٢٣٤٥٦٧٨٩/1", "<x>/1"])(
      "INVALID_USERNAME for %j",
      async (username) => {
        const error = await expectCode(generateSecurityHeader({ ...base, username }), "INVALID_USERNAME");
        expect(error.message).toBe("Username must be NIF/UserID: 9 digits, a slash and the sub-user number, e.g. 123456789/1");
      },
    );

    it("EMPTY_PASSWORD and INVALID_PASSWORD (a lone surrogate has no UTF-8 form)", async () => {
      await expectCode(generateSecurityHeader({ ...base, password: "" }), "EMPTY_PASSWORD");
      const error = await expectCode(generateSecurityHeader({ ...base, password: "ab\uD800cd" }), "INVALID_PASSWORD");
      expect(error.message).not.toContain("ab");
    });

    it("INVALID_FORM for anything but the two forms: the old mixed output is gone", async () => {
      expect(HEADER_FORMS).toEqual(["digest", "encrypted-created"]);
      for (const form of ["mixed", "Digest", ""]) {
        await expectCode(generateSecurityHeader({ ...base, form: form as never }), "INVALID_FORM");
      }
    });

    it.each<[string, unknown]>([
      ["a PEM string (parse it with parseAuthorityKey first)", rsa.publicKey.export({ type: "spki", format: "pem" }).toString()],
      ["null", null],
      ["n not base64url", { kty: "RSA", n: "a+b/", e: "AQAB" }],
      ["an even modulus", { ...jwk, n: `${jwk.n.slice(0, -1)}A` }],
      ["exponent 1", { ...jwk, e: "AQ" }],
      ["an object without a key", { source: "public-key", keySizeBits: 2048, certificate: null }],
    ])("UNREADABLE_KEY for %s", async (_label, publicKey) => {
      await expectCode(generateSecurityHeader({ ...base, publicKey: publicKey as RsaPublicJwk }), "UNREADABLE_KEY");
    });

    it("PRIVATE_KEY_GIVEN, NOT_RSA_KEY and KEY_TOO_SMALL", async () => {
      const privateJwk = rsa.privateKey.export({ format: "jwk" }) as unknown as RsaPublicJwk;
      await expectCode(generateSecurityHeader({ ...base, publicKey: privateJwk }), "PRIVATE_KEY_GIVEN");
      const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" }) as JsonWebKey;
      await expectCode(generateSecurityHeader({ ...base, publicKey: ec as unknown as RsaPublicJwk }), "NOT_RSA_KEY");
      const small = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ format: "jwk" }) as RsaPublicJwk;
      await expectCode(generateSecurityHeader({ ...base, publicKey: small }), "KEY_TOO_SMALL");
    });

    it.each([
      ["an invalid Date", new Date(Number.NaN)],
      ["a year after 9999", new Date("+010000-01-01T00:00:00.000Z")],
      ["a year before 0000", new Date("-000001-01-01T00:00:00.000Z")],
    ])("INVALID_DATE for %s", async (_label, now) => {
      await expectCode(generateSecurityHeader({ ...base, now }), "INVALID_DATE");
    });

    it("never puts the password into an error message", async () => {
      const attempts = [
        generateSecurityHeader({ ...base, username: "bad" }),
        generateSecurityHeader({ ...base, publicKey: "nope" as never }),
        generateSecurityHeader({ ...base, now: new Date(Number.NaN) }),
        generateSecurityHeader({ ...base, form: "x" as never }),
      ];
      for (const attempt of attempts) {
        const error = (await attempt.catch((e: unknown) => e)) as Error;
        expect(String(error.message)).not.toContain(base.password);
        expect(String(error.stack)).not.toContain(base.password);
      }
    });
  });
});
