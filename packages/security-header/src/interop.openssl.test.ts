// Interoperability with OpenSSL: every header field is checked by openssl, not by our own code, and
// a header made by openssl alone passes our verifier.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HeaderForm, SecurityHeader } from "./index.js";
import { generateSecurityHeader, parseAuthorityKey, verifySecurityHeader } from "./node.js";
import { IMPLEMENTATIONS } from "./test-support/implementations.js";
import {
  makeTempDir,
  openssl,
  opensslAesDecrypt,
  opensslAesEncrypt,
  opensslDecryptNonce,
  opensslDigestHeader,
  opensslKeyPair,
  opensslSha1,
  type OpensslKeyPair,
} from "./test-support/openssl.js";

const temp = makeTempDir();
const pairs = new Map<number, OpensslKeyPair>();

beforeAll(() => {
  for (const bits of [2048, 4096]) pairs.set(bits, opensslKeyPair(temp.dir, bits));
}, 120_000);
afterAll(() => temp.cleanup());

function pair(bits: number): OpensslKeyPair {
  const found = pairs.get(bits);
  if (!found) throw new Error(`no ${bits}-bit key pair`);
  return found;
}

/** Checks one header with openssl only; returns the recovered session key. */
function verifyWithOpenssl(keyPair: OpensslKeyPair, header: SecurityHeader, password: string): Buffer {
  const sessionKey = opensslDecryptNonce(keyPair, header.nonce);
  expect(sessionKey).toHaveLength(16);
  const keyHex = sessionKey.toString("hex");
  expect(opensslAesDecrypt(keyHex, header.password).toString("utf8")).toBe(password);
  if (header.form === "digest") {
    expect(header.created).toBe(header.createdAt);
    const digestInput = Buffer.concat([sessionKey, Buffer.from(header.created, "utf8"), Buffer.from(password, "utf8")]);
    expect(header.digest).toBe(opensslAesEncrypt(keyHex, opensslSha1(digestInput)).toString("base64"));
  } else {
    expect(header.digest).toBeNull();
    expect(opensslAesDecrypt(keyHex, header.created).toString("utf8")).toBe(header.createdAt);
  }
  expect(header.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  return sessionKey;
}

describe.each(IMPLEMENTATIONS)("headers made by %s decrypt with the openssl CLI", (_name, generate) => {
  describe.each([2048, 4096])("%i-bit RSA", (bits) => {
    it.each<[string, string, HeaderForm]>([
      ["ASCII", "S3cret!pass", "digest"],
      ["non-ASCII", "pässwörd-€-ção", "digest"],
      ["ASCII", "S3cret!pass", "encrypted-created"],
      ["non-ASCII", "pässwörd-€-ção", "encrypted-created"],
    ])("%s password, %s form: every field", async (_label, password, form) => {
      const keyPair = pair(bits);
      const header = await generate({ username: "123456789/1", password, publicKey: parseAuthorityKey(keyPair.certificatePem), form });
      expect(header.form).toBe(form);
      verifyWithOpenssl(keyPair, header, password);
    });
  });
});

describe("a digest-form header made with the openssl command line alone", () => {
  it.each([2048, 4096])("passes verifySecurityHeader (%i-bit RSA)", (bits) => {
    const keyPair = pair(bits);
    const created = new Date().toISOString();
    const xml = opensslDigestHeader(keyPair, "123456789/1", "pässwörd-€", created);
    const result = verifySecurityHeader(xml, { privateKey: readFileSync(keyPair.privateKeyPath, "utf8"), password: "pässwörd-€" });
    expect(result).toEqual({ ok: true, form: "digest", username: "123456789/1", createdAt: created, keyId: "default", findings: [] });
  });
});

describe("parseAuthorityKey reads what openssl writes", () => {
  it.each([2048, 4096])("%i-bit certificate: size, dates, serial, fingerprint, subject", (bits) => {
    const keyPair = pair(bits);
    const key = parseAuthorityKey(keyPair.certificatePem);
    const text = (args: string[]) => openssl(["x509", "-noout", ...args], keyPair.certificatePem).toString("utf8").trim();
    expect(key.keySizeBits).toBe(bits);
    expect(key.source).toBe("certificate");
    expect(Date.parse(key.certificate?.notAfter ?? "")).toBe(Date.parse(text(["-enddate"]).replace("notAfter=", "")));
    expect(key.certificate?.serialNumber).toBe(text(["-serial"]).replace("serial=", ""));
    expect(key.certificate?.sha256Fingerprint).toBe(text(["-fingerprint", "-sha256"]).split("=")[1]);
    expect(key.certificate?.subject).toBe(`C=PT, O=areaOE tests, CN=Test authority ${bits}`);
  });

  const formats: [string, (p: OpensslKeyPair) => string | Uint8Array][] = [
    ["PEM certificate", (p) => p.certificatePem],
    ["DER certificate", (p) => p.certificateDer],
    ["PEM SubjectPublicKeyInfo (BEGIN PUBLIC KEY)", (p) => p.publicKeyPem],
    ["PEM PKCS#1 (BEGIN RSA PUBLIC KEY)", (p) => p.rsaPublicKeyPem],
    ["DER SubjectPublicKeyInfo", (p) => p.publicKeyDer],
    ["PEM certificate given as bytes", (p) => new TextEncoder().encode(p.certificatePem)],
  ];
  it.each(formats)("%s: the same key, and headers openssl decrypts", async (_label, select) => {
    const keyPair = pair(2048);
    const key = parseAuthorityKey(select(keyPair));
    expect(key.keySizeBits).toBe(2048);
    expect(key.publicKey).toEqual(parseAuthorityKey(keyPair.certificatePem).publicKey);
    verifyWithOpenssl(keyPair, await generateSecurityHeader({ username: "123456789/1", password: "x", publicKey: key }), "x");
  });
});
