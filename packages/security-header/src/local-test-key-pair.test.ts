import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_TEST_AUTHORITY_CN } from "./index.js";
import { ensureLocalTestKeyPair, generateSecurityHeader, parseAuthorityKey, readAuthorityKeyFile } from "./node.js";
import { makeTempDir } from "./test-support/openssl.js";

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe("ensureLocalTestKeyPair", () => {
  const dir = join(temp.dir, "nested", "test-authority");

  it("creates a 4096-bit key and a one-year self-signed certificate, key file 0600", async () => {
    const pair = await ensureLocalTestKeyPair(dir);
    expect(pair.generated).toBe(true);
    expect(readFileSync(join(dir, "certificate.pem"), "utf8")).toBe(pair.certificatePem);
    expect(readFileSync(join(dir, "private-key.pem"), "utf8")).toBe(pair.privateKeyPem);
    expect(statSync(join(dir, "private-key.pem")).mode & 0o777).toBe(0o600);

    const certificate = new X509Certificate(pair.certificatePem);
    expect(certificate.subject).toContain(`CN=${LOCAL_TEST_AUTHORITY_CN}`);
    expect(certificate.verify(certificate.publicKey)).toBe(true); // self-signed
    const days = (Date.parse(certificate.validTo) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    const key = parseAuthorityKey(pair.certificatePem);
    expect(key.keySizeBits).toBe(4096);
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: key });
    expect(header.warnings.map((w) => w.code)).toEqual(["LOCAL_TEST_KEY"]);
    const privateKey = forge.pki.privateKeyFromPem(pair.privateKeyPem);
    expect(privateKey.decrypt(forge.util.decode64(header.nonce), "RSAES-PKCS1-V1_5")).toHaveLength(16);
  }, 60_000);

  it("reuses an existing pair", async () => {
    const first = readFileSync(join(dir, "certificate.pem"), "utf8");
    const pair = await ensureLocalTestKeyPair(dir);
    expect(pair.generated).toBe(false);
    expect(pair.certificatePem).toBe(first);
  });

  it("replaces a certificate that does not match the private key", async () => {
    const other = await ensureLocalTestKeyPair(join(temp.dir, "other"));
    writeFileSync(join(dir, "certificate.pem"), other.certificatePem);
    const pair = await ensureLocalTestKeyPair(dir);
    expect(pair.generated).toBe(true);
    expect(new X509Certificate(pair.certificatePem).checkPrivateKey(createPrivateKey(pair.privateKeyPem))).toBe(true);
  }, 60_000);

  it("gives concurrent callers one consistent pair", async () => {
    const shared = join(temp.dir, "concurrent");
    const pairs = await Promise.all([ensureLocalTestKeyPair(shared), ensureLocalTestKeyPair(shared), ensureLocalTestKeyPair(shared)]);
    expect(pairs.filter((p) => p.generated)).toHaveLength(1);
    expect(new Set(pairs.map((p) => p.certificatePem)).size).toBe(1);
  }, 60_000);
});

describe("readAuthorityKeyFile", () => {
  it("reads PEM and DER files", async () => {
    const pair = await ensureLocalTestKeyPair(join(temp.dir, "nested", "test-authority"));
    const derPath = join(temp.dir, "certificate.der");
    writeFileSync(derPath, new X509Certificate(pair.certificatePem).raw);
    expect((await readAuthorityKeyFile(pair.certificatePath)).keySizeBits).toBe(4096);
    expect((await readAuthorityKeyFile(derPath)).certificate?.subject).toContain(LOCAL_TEST_AUTHORITY_CN);
  });

  it("KEY_FILE_NOT_FOUND and KEY_FILE_UNREADABLE", async () => {
    await expect(readAuthorityKeyFile(join(temp.dir, "missing.pem"))).rejects.toMatchObject({ code: "KEY_FILE_NOT_FOUND" });
    await expect(readAuthorityKeyFile(temp.dir)).rejects.toMatchObject({ code: "KEY_FILE_UNREADABLE" });
  });
});
