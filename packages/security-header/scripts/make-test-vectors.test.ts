// The published test vectors: rebuilt byte for byte from the package's code, and every value checked
// by code other than the package's (node:crypto and the openssl CLI), and by the verifier.
import { execFileSync } from "node:child_process";
import { constants, createCipheriv, createDecipheriv, createHash, createPrivateKey, privateDecrypt, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifySecurityHeader } from "../src/node.js";
import { browserRsaKey, rsaEncryptPkcs1v15 } from "../src/rsa-pkcs1.js";
import { resolvePublicKey } from "../src/public-key.js";
import { parseAuthorityKey } from "../src/parse-authority-key.js";
import { isValidNif, usernameProblem } from "../src/username.js";
import { buildTestVectors, seededPaddingRandom, TEST_VECTORS_FILE } from "./make-test-vectors.js";

interface Vector {
  name: string;
  form: "digest" | "encrypted-created";
  username: string;
  password: string;
  created: string;
  ks: string;
  noncePaddingSeed: string;
  nonce: string;
  passwordCipher: string;
  digest: string | null;
  createdCipher: string | null;
  envelope: string;
}
interface Negative {
  name: string;
  envelope: string;
  finding: string;
  verifyAt: string;
}
interface VectorsFile {
  version: number;
  warning: string;
  testKey: { privateKeyPem: string; certificatePem: string; warning: string };
  vectors: Vector[];
  negative: Negative[];
}

const committed = readFileSync(TEST_VECTORS_FILE, "utf8");
const file = JSON.parse(committed) as VectorsFile;
const privateKey = createPrivateKey(file.testKey.privateKeyPem);

function aesEncrypt(keyHex: string, data: Buffer): string {
  const cipher = createCipheriv("aes-128-ecb", Buffer.from(keyHex, "hex"), null);
  return Buffer.concat([cipher.update(data), cipher.final()]).toString("base64");
}

describe("security-header-test-vectors.json", () => {
  it("is exactly what make-test-vectors.ts makes (run `npm run test-vectors -w @areaoe/security-header` after a deliberate change)", async () => {
    expect(await buildTestVectors()).toBe(committed);
  });

  it("has the published schema: both forms, ASCII and UTF-8 passwords, valid NIF/UserID usernames, and says the key is public", () => {
    expect(file.version).toBe(1);
    expect(file.warning).toMatch(/PUBLIC TEST KEY.*Never trust it/);
    expect(file.testKey.warning).toBe(file.warning);
    expect(new X509Certificate(file.testKey.certificatePem).subject).toContain("NEVER TRUST");
    expect(new Set(file.vectors.map((vector) => vector.form))).toEqual(new Set(["digest", "encrypted-created"]));
    for (const form of ["digest", "encrypted-created"]) {
      const passwords = file.vectors.filter((vector) => vector.form === form).map((vector) => vector.password);
      expect(passwords.some((password) => /^[\x20-\x7e]+$/.test(password))).toBe(true);
      expect(passwords.some((password) => [...password].some((char) => char.charCodeAt(0) > 0x7f))).toBe(true);
    }
    for (const vector of file.vectors) {
      expect(vector.ks).toMatch(/^[0-9a-f]{32}$/);
      expect(usernameProblem(vector.username)).toBeNull();
      expect(isValidNif(vector.username.split("/")[0] ?? "")).toBe(true);
      expect(vector.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(vector.digest === null).toBe(vector.form === "encrypted-created");
      expect(vector.createdCipher === null).toBe(vector.form === "digest");
    }
    const names = [...file.vectors, ...file.negative].map((vector) => vector.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(file.vectors.map((vector) => [vector.name, vector] as const))("%s: the Nonce decrypts to Ks with node:crypto", (_name, vector) => {
    const ks = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(vector.nonce, "base64"));
    expect(ks.toString("hex")).toBe(vector.ks);
  });

  it.each(file.vectors.map((vector) => [vector.name, vector] as const))("%s: passwordCipher, digest and createdCipher recomputed with node:crypto", (_name, vector) => {
    const ks = Buffer.from(vector.ks, "hex");
    const password = Buffer.from(vector.password, "utf8");
    const created = Buffer.from(vector.created, "utf8");
    expect(vector.passwordCipher).toBe(aesEncrypt(vector.ks, password));
    if (vector.form === "digest") {
      expect(vector.digest).toBe(aesEncrypt(vector.ks, createHash("sha1").update(Buffer.concat([ks, created, password])).digest()));
      expect(vector.envelope).toContain(`<wss:Created>${vector.created}</wss:Created>`);
    } else {
      expect(vector.createdCipher).toBe(aesEncrypt(vector.ks, created));
      const decipher = createDecipheriv("aes-128-ecb", ks, null);
      const clear = Buffer.concat([decipher.update(Buffer.from(vector.createdCipher ?? "", "base64")), decipher.final()]);
      expect(clear.toString("utf8")).toBe(vector.created);
    }
  });

  it.each(file.vectors.map((vector) => [vector.name, vector] as const))("%s: the envelope passes the verifier with the password", (_name, vector) => {
    const now = new Date(Date.parse(vector.created) + 1_000);
    const result = verifySecurityHeader(vector.envelope, { privateKey: file.testKey.privateKeyPem, now, password: vector.password });
    expect(result).toMatchObject({ ok: true, form: vector.form, username: vector.username, createdAt: vector.created, findings: [] });
  });

  it.each(file.negative.map((vector) => [vector.name, vector] as const))("negative %s: the verifier gives exactly its finding", (_name, vector) => {
    const result = verifySecurityHeader(vector.envelope, { privateKey: file.testKey.privateKeyPem, now: new Date(vector.verifyAt) });
    expect(result.findings.map((finding) => finding.code)).toEqual([vector.finding]);
  });

  it("has the negative cases the integrators' kit promises", () => {
    expect(file.negative.map((vector) => vector.finding).sort()).toEqual(
      ["CREATED_MALFORMED", "MIXED_FORM", "NONCE_UNDECRYPTABLE", "PASSWORD_UNDECRYPTABLE", "SOAP_VERSION_MISMATCH", "WRONG_NAMESPACE"],
    );
  });
});

describe("the Nonces decrypt with the openssl CLI", () => {
  let openssl = true;
  try {
    execFileSync("openssl", ["version"], { stdio: "pipe" });
  } catch {
    openssl = false;
  }
  const dir = mkdtempSync(join(tmpdir(), "test-vectors-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!openssl).each(file.vectors.map((vector) => [vector.name, vector] as const))("%s (openssl pkeyutl)", (_name, vector) => {
    const keyFile = join(dir, "key.pem");
    const nonceFile = join(dir, `${vector.name}.bin`);
    writeFileSync(keyFile, file.testKey.privateKeyPem);
    writeFileSync(nonceFile, Buffer.from(vector.nonce, "base64"));
    const ks = execFileSync("openssl", ["pkeyutl", "-decrypt", "-inkey", keyFile, "-in", nonceFile, "-pkeyopt", "rsa_padding_mode:pkcs1"], { stdio: "pipe" });
    expect(ks.toString("hex")).toBe(vector.ks);
  });
  if (!openssl) it.skip("openssl is not installed: the Nonces are not checked with the openssl CLI", () => {});
});

describe("rsaEncryptPkcs1v15 with an injected padding source", () => {
  const key = browserRsaKey(resolvePublicKey(parseAuthorityKey(file.testKey.certificatePem)));
  const message = Buffer.from("000102030405060708090a0b0c0d0e0f", "hex");

  it("is reproducible for one seed, differs between seeds, and leaves forge's own random padding in place", () => {
    const seeded = (seed: string) => Buffer.from(rsaEncryptPkcs1v15(key, message, seededPaddingRandom(seed))).toString("hex");
    expect(seeded("a")).toBe(seeded("a"));
    expect(seeded("a")).not.toBe(seeded("b"));
    const fresh = () => Buffer.from(rsaEncryptPkcs1v15(key, message)).toString("hex");
    const [first, second] = [fresh(), fresh()];
    expect(first).not.toBe(second);
    expect(first).not.toBe(seeded("a"));
    for (const nonce of [first, second, seeded("a")]) {
      expect(privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(nonce, "hex"))).toEqual(message);
    }
  });

  it("puts the source's non-zero bytes into the padding string, as RFC 8017 section 7.2.1 lays it out", () => {
    const source = seededPaddingRandom("layout");
    const drawn: Buffer[] = [];
    const nonce = rsaEncryptPkcs1v15(key, message, (length) => {
      const bytes = source(length);
      drawn.push(Buffer.from(bytes));
      return bytes;
    });
    const block = privateDecryptRaw(Buffer.from(nonce));
    const padding = Buffer.concat(drawn).filter((byte) => byte !== 0);
    expect(block.subarray(0, 2)).toEqual(Buffer.from([0, 2]));
    expect(block.subarray(2, block.length - 17)).toEqual(Buffer.from(padding.subarray(0, block.length - 19)));
    expect(block.subarray(block.length - 17)).toEqual(Buffer.concat([Buffer.from([0]), message]));
  });
});

/** The encryption block itself (RSA without unpadding), to look at the padding bytes. */
function privateDecryptRaw(ciphertext: Buffer): Buffer {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ciphertext);
}
