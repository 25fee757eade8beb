// Interoperability with OpenSSL: every header field is checked by openssl, not by our own code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSecurityHeader, parseAuthorityKey } from "./index.js";
import {
  makeTempDir,
  openssl,
  opensslAesDecrypt,
  opensslAesEncrypt,
  opensslDecryptNonce,
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
function verifyWithOpenssl(
  keyPair: OpensslKeyPair,
  header: Awaited<ReturnType<typeof generateSecurityHeader>>,
  password: string,
  createdInClear: boolean,
): Buffer {
  const sessionKey = opensslDecryptNonce(keyPair, header.nonce);
  expect(sessionKey).toHaveLength(16);
  const keyHex = sessionKey.toString("hex");

  expect(opensslAesDecrypt(keyHex, header.password).toString("utf8")).toBe(password);
  const createdText = createdInClear ? header.created : opensslAesDecrypt(keyHex, header.created).toString("utf8");
  expect(createdText).toBe(header.createdAt);
  expect(createdText).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  const digestInput = Buffer.concat([sessionKey, Buffer.from(createdText, "utf8"), Buffer.from(password, "utf8")]);
  const expectedDigest = opensslAesEncrypt(keyHex, opensslSha1(digestInput)).toString("base64");
  expect(header.digest).toBe(expectedDigest);
  return sessionKey;
}

describe.each([2048, 4096])("interoperability with openssl, %i-bit RSA", (bits) => {
  describe.each([
    ["ASCII", "S3cret!pass"],
    ["non-ASCII", "pässwörd-€-ção"],
  ])("%s password", (_label, password) => {
    it.each([false, true])("createdInClear=%s: every field decrypts and the digest matches", async (createdInClear) => {
      const keyPair = pair(bits);
      const header = await generateSecurityHeader({
        username: "123456789/1",
        password,
        publicKey: keyPair.certificatePem,
        createdInClear,
      });
      verifyWithOpenssl(keyPair, header, password, createdInClear);
      expect(header.xml).toContain(`<wss:Nonce>${header.nonce}</wss:Nonce>`);
      expect(header.xml).toContain(`<wss:Password Digest="${header.digest}">${header.password}</wss:Password>`);
      expect(header.xml).toContain(`<wss:Created>${header.created}</wss:Created>`);
      if (createdInClear) expect(header.created).toBe(header.createdAt);
      else expect(header.created).not.toBe(header.createdAt);
    });
  });

  it("reads the certificate as openssl does (size, dates, serial, fingerprint)", () => {
    const keyPair = pair(bits);
    const key = parseAuthorityKey(keyPair.certificatePem);
    const text = (args: string[]) => openssl(["x509", "-noout", ...args], keyPair.certificatePem).toString("utf8").trim();
    expect(key.keySizeBits).toBe(bits);
    expect(key.source).toBe("certificate");
    expect(new Date(key.certificate?.notAfter ?? "").getTime()).toBe(Date.parse(text(["-enddate"]).replace("notAfter=", "")));
    expect(key.certificate?.serialNumber).toBe(text(["-serial"]).replace("serial=", ""));
    expect(key.certificate?.sha256Fingerprint).toBe(text(["-fingerprint", "-sha256"]).split("=")[1]);
    expect(key.certificate?.subject).toBe(`C=PT, O=areaOE tests, CN=Test authority ${bits}`);
  });
});

describe("interoperability with openssl, every key format", () => {
  const formats: [string, (p: OpensslKeyPair) => string | Uint8Array][] = [
    ["PEM certificate", (p) => p.certificatePem],
    ["DER certificate", (p) => p.certificateDer],
    ["PEM SubjectPublicKeyInfo (BEGIN PUBLIC KEY)", (p) => p.publicKeyPem],
    ["PEM PKCS#1 (BEGIN RSA PUBLIC KEY)", (p) => p.rsaPublicKeyPem],
    ["DER SubjectPublicKeyInfo", (p) => p.publicKeyDer],
    ["PEM certificate given as bytes", (p) => new TextEncoder().encode(p.certificatePem)],
  ];
  it.each(formats)("%s", async (_label, select) => {
    const keyPair = pair(2048);
    const publicKey = select(keyPair);
    const key = parseAuthorityKey(publicKey);
    expect(key.keySizeBits).toBe(2048);
    const header = await generateSecurityHeader({ username: "123456789/1", password: "x", publicKey });
    verifyWithOpenssl(keyPair, header, "x", false);
  });

  it("reuses one parsed key for many headers, each with a different session key", async () => {
    const keyPair = pair(2048);
    const key = parseAuthorityKey(keyPair.certificatePem);
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: key });
      keys.add(verifyWithOpenssl(keyPair, header, "p", false).toString("hex"));
    }
    expect(keys.size).toBe(5);
  });
});
