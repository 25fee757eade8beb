// `check-certificate`, spawned from source (through tsx) as a user runs it, on files made by the openssl CLI.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversionCommand } from "./cli-check-certificate.js";
import { MAX_CERTIFICATE_FILE_BYTES } from "./cli-certificate-file.js";
import { makeTempDir, openssl } from "./test-support/openssl.js";

const CLI = fileURLToPath(new URL("./cli-main.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PASSWORD = "Pässwörd-p12";
const temp = makeTempDir("security-header-check-");
const at = (name: string) => join(temp.dir, name);

// OpenSSL 3 keeps RC2 and RC4 in its legacy provider: without it, no legacy file can be made here.
const legacyProbe = spawnSync("openssl", ["list", "-cipher-algorithms", "-provider", "legacy"], { encoding: "utf8" });
const LEGACY_PROVIDER = legacyProbe.status === 0 && /RC2/i.test(legacyProbe.stdout);
if (!LEGACY_PROVIDER) console.warn("cli-check-certificate.test.ts: openssl's legacy provider (legacy.so) is missing: the legacy PKCS#12 tests are skipped");
// The conversion asks for its passwords on the terminal: `script` (util-linux) gives it one.
const SCRIPT = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
if (!SCRIPT) console.warn("cli-check-certificate.test.ts: `script` (util-linux) is missing: the conversion command is not run");

/** A self-signed certificate with openssl's `ca` (which takes any start and end date). */
function certificateBetween(name: string, start: string, end: string): void {
  const config = at("ca.cnf");
  writeFileSync(
    config,
    ["[ca]", "default_ca = local", "[local]", `database = ${at("index.txt")}`, `new_certs_dir = ${temp.dir}`, `serial = ${at("serial")}`,
      "default_md = sha256", "policy = anything", "unique_subject = no", "[anything]", "commonName = supplied"].join("\n"),
  );
  writeFileSync(at("index.txt"), "");
  writeFileSync(at("serial"), "1000\n");
  openssl(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", at(`${name}-key.pem`), "-out", at(`${name}.csr`), "-subj", `/CN=${name}`]);
  openssl(["ca", "-batch", "-config", config, "-selfsign", "-keyfile", at(`${name}-key.pem`), "-in", at(`${name}.csr`), "-out", at(`${name}.pem`),
    "-startdate", start, "-enddate", end, "-notext"]);
}

beforeAll(() => {
  // The operator's certificate: 4096-bit as the authority asks, with key usages to print.
  openssl(["req", "-x509", "-newkey", "rsa:4096", "-nodes", "-keyout", at("operator-key.pem"), "-out", at("operator.pem"), "-days", "400",
    "-subj", "/C=PT/O=Operator, Lda./CN=Operator test", "-addext", "keyUsage=critical,digitalSignature,keyEncipherment", "-addext", "extendedKeyUsage=clientAuth"]);
  openssl(["x509", "-in", at("operator.pem"), "-outform", "DER", "-out", at("operator.der")]);
  openssl(["pkcs12", "-export", "-in", at("operator.pem"), "-inkey", at("operator-key.pem"), "-out", at("operator-aes.p12"), "-passout", `pass:${PASSWORD}`]);
  if (LEGACY_PROVIDER) {
    openssl(["pkcs12", "-export", "-legacy", "-in", at("operator.pem"), "-inkey", at("operator-key.pem"), "-out", at("operator legacy.p12"), "-passout", `pass:${PASSWORD}`]);
  }
  certificateBetween("Expired operator", "20200101000000Z", "20210101000000Z");
  certificateBetween("Future operator", "20990101000000Z", "20991231000000Z");
}, 120_000);
afterAll(() => temp.cleanup());

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function check(args: readonly string[], input = "", { killAfterMs }: { killAfterMs?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI, "check-certificate", ...args], { cwd: temp.dir });
    // A command that would run for hours is stopped (its status is then null).
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("close", () => clearTimeout(timer));
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (status) => {
      expect(`${stdout}${stderr}`).not.toContain(PASSWORD);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

const { asn1 } = forge;
const seq = (...items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const oid = (dotted: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(dotted).getBytes());
const int = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const octetString = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const explicit0 = (item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item]);
const der = (item: forge.asn1.Asn1) => asn1.toDer(item).getBytes();
const PBE_3DES = "1.2.840.113549.1.12.1.3";
/** pbeWithSHAAnd3-KeyTripleDES-CBC's AlgorithmIdentifier with this many rounds. */
function pbe3des(salt: string, iterations: number): forge.asn1.Asn1 {
  return seq(oid(PBE_3DES), seq(octetString(salt), int(iterations)));
}

/**
 * A PKCS#12 file with no MAC, for the empty password: `parts` EncryptedData parts (3DES, `outerIterations`
 * rounds, really encrypted), each holding one shrouded key bag whose own encryption asks for
 * `keyIterations` rounds (its encrypted bytes are filler: what it costs is the derivation).
 */
function hostilePkcs12({ outerIterations, keyIterations, parts = 1, encrypt = true }: { outerIterations: number; keyIterations: number; parts?: number; encrypt?: boolean }): Buffer {
  const keyBag = seq(oid("1.2.840.113549.1.12.10.1.2"), explicit0(seq(pbe3des("12345678", keyIterations), octetString("x".repeat(16)))));
  const safeContents = der(seq(keyBag));
  const salt = "saltsalt";
  const contentInfos = Array.from({ length: parts }, () => {
    if (!encrypt) {
      // Filler: a file refused before its first derivation is never decrypted.
      const filler = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, "y".repeat(64));
      return seq(oid("1.2.840.113549.1.7.6"), explicit0(seq(int(0), seq(oid("1.2.840.113549.1.7.1"), pbe3des(salt, outerIterations), filler))));
    }
    const pbeKey = forge.pkcs12.generateKey("", forge.util.createBuffer(salt), 1, outerIterations, 24);
    const pbeIv = forge.pkcs12.generateKey("", forge.util.createBuffer(salt), 2, outerIterations, 8);
    const cipher = forge.cipher.createCipher("3DES-CBC", pbeKey);
    cipher.start({ iv: pbeIv });
    cipher.update(forge.util.createBuffer(safeContents));
    cipher.finish();
    const encryptedContent = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes());
    const encryptedData = seq(int(0), seq(oid("1.2.840.113549.1.7.1"), pbe3des(salt, outerIterations), encryptedContent));
    return seq(oid("1.2.840.113549.1.7.6"), explicit0(encryptedData));
  });
  const authSafe = seq(oid("1.2.840.113549.1.7.1"), explicit0(octetString(der(seq(...contentInfos)))));
  return Buffer.from(der(seq(int(3), authSafe)), "binary");
}

/** A report line's value ("Subject:   C=PT, …" → "C=PT, …"). */
function field(report: string, label: string): string | undefined {
  return new RegExp(`^${label.replace(/[()]/g, "\\$&")}:\\s+(.*)$`, "m").exec(report)?.[1];
}

const fingerprintOf = (file: string, ...form: string[]) =>
  openssl(["x509", "-in", at(file), ...form, "-noout", "-fingerprint", "-sha256"]).toString("utf8").trim().split("=")[1];

describe("areaoe-security-header check-certificate", () => {
  it.each([
    ["PEM", "operator.pem", []],
    ["DER", "operator.der", ["-inform", "DER"]],
  ])("reads a %s certificate: subject, issuer, validity, key size and usage, as openssl does", async (format, file, form) => {
    const result = await check([file]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(field(result.stdout, "File")).toBe(`${file} (${format})`);
    expect(field(result.stdout, "Subject")).toBe("C=PT, O=Operator\\, Lda., CN=Operator test");
    expect(field(result.stdout, "Issuer")).toBe("C=PT, O=Operator\\, Lda., CN=Operator test");
    expect(field(result.stdout, "Valid until")).toBe(new Date(openssl(["x509", "-in", at("operator.pem"), "-noout", "-enddate"]).toString().trim().split("=")[1] ?? "").toISOString());
    expect(field(result.stdout, "Status")).toMatch(/^valid, 399 days left$/);
    expect(field(result.stdout, "Key")).toBe("RSA, 4096 bits");
    expect(field(result.stdout, "Key usage")).toBe("digitalSignature, keyEncipherment; extended: clientAuth");
    expect(field(result.stdout, "SHA-256")).toBe(fingerprintOf(file, ...form));
  });

  it("reads a PKCS#12 file encrypted with AES-256, password from standard input, and says the key matches", async () => {
    const result = await check(["operator-aes.p12"], `${PASSWORD}\n`);
    expect(result.status).toBe(0);
    expect(field(result.stdout, "File")).toBe("operator-aes.p12 (PKCS#12, 1 certificate, 1 private key)");
    expect(field(result.stdout, "Subject")).toBe("C=PT, O=Operator\\, Lda., CN=Operator test");
    expect(field(result.stdout, "Private key")).toBe("matches the certificate");
    expect(field(result.stdout, "Encryption (certificates)")).toBe("PBES2 (PBKDF2, AES-256-CBC), 2048 iterations");
    expect(field(result.stdout, "Encryption (private key)")).toBe("PBES2 (PBKDF2, AES-256-CBC), 2048 iterations");
    expect(field(result.stdout, "SHA-256")).toBe(fingerprintOf("operator.pem"));
    expect(result.stdout).not.toContain("openssl pkcs12");
  });

  it.skipIf(!LEGACY_PROVIDER)("says a legacy PKCS#12 (RC2-40) is refused by OpenSSL 3 and prints the conversion command", async () => {
    // The claim first: OpenSSL 3 without -legacy cannot read it.
    expect(spawnSync("openssl", ["pkcs12", "-in", at("operator legacy.p12"), "-noout", "-passin", `pass:${PASSWORD}`]).status).not.toBe(0);
    const result = await check(["operator legacy.p12"], PASSWORD);
    expect(result.status).toBe(0);
    expect(field(result.stdout, "Encryption (certificates)")).toBe("pbeWithSHA1And40BitRC2-CBC, 2048 iterations (LEGACY: OpenSSL 3 refuses it without -legacy)");
    expect(field(result.stdout, "Encryption (private key)")).toBe("pbeWithSHA1And3-KeyTripleDES-CBC, 2048 iterations (outdated)");
    expect(result.stdout).toContain("legacy algorithms (pbeWithSHA1And40BitRC2-CBC) that OpenSSL 3 refuses");
    expect(result.stdout).toContain(`\n  ${conversionCommand("operator legacy.p12")}\n`);
    expect(conversionCommand("operator legacy.p12")).toBe(
      "openssl pkcs12 -legacy -in 'operator legacy.p12' -out 'operator legacy-aes256.tmp.pem' -aes256 && " +
        "openssl pkcs12 -export -in 'operator legacy-aes256.tmp.pem' -out 'operator legacy-aes256.p12' -keypbe AES-256-CBC -certpbe AES-256-CBC -macalg sha256 && " +
        "rm 'operator legacy-aes256.tmp.pem'",
    );
  });

  it.skipIf(!LEGACY_PROVIDER)("for a legacy file it cannot decrypt (RC4, RC2-128), still names the algorithms and the conversion, and exits 2", async () => {
    openssl(["pkcs12", "-export", "-legacy", "-certpbe", "PBE-SHA1-RC4-128", "-keypbe", "PBE-SHA1-RC2-128", "-in", at("operator.pem"),
      "-inkey", at("operator-key.pem"), "-out", at("operator-rc4.p12"), "-passout", `pass:${PASSWORD}`]);
    const result = await check(["operator-rc4.p12"], PASSWORD);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/cannot decrypt \(certificates: pbeWithSHA1And128BitRC4; private key: pbeWithSHA1And128BitRC2-CBC; integrity: HMAC-SHA1\)/);
    expect(field(result.stdout, "Encryption (certificates)")).toBe("pbeWithSHA1And128BitRC4, 2048 iterations (LEGACY: OpenSSL 3 refuses it without -legacy)");
    expect(result.stdout).toContain(`\n  ${conversionCommand("operator-rc4.p12")}\n`);
  });

  it.skipIf(!LEGACY_PROVIDER || !SCRIPT)("the printed command really converts the legacy file, and the new file reads as AES-256", async () => {
    const printed = /\n {2}(openssl pkcs12 -legacy .*)\n/.exec((await check(["operator legacy.p12"], PASSWORD)).stdout)?.[1];
    expect(printed).toBeDefined();
    // The passwords as typed at openssl's prompts: the file's, the temporary pass phrase twice and once
    // more, the new file's twice.
    const typed = [PASSWORD, "temporary phrase", "temporary phrase", "temporary phrase", "New-p12-password", "New-p12-password", ""].join("\n");
    const converted = spawnSync("script", ["-qec", printed ?? "false", "/dev/null"], { cwd: temp.dir, input: typed, encoding: "utf8", timeout: 60_000 });
    expect(converted.status, converted.stdout).toBe(0);
    const result = await check(["operator legacy-aes256.p12"], "New-p12-password");
    expect(result.status).toBe(0);
    expect(field(result.stdout, "Subject")).toBe("C=PT, O=Operator\\, Lda., CN=Operator test");
    expect(field(result.stdout, "Private key")).toBe("matches the certificate");
    expect(field(result.stdout, "Encryption (certificates)")).toBe("PBES2 (PBKDF2, AES-256-CBC), 2048 iterations");
    expect(field(result.stdout, "Encryption (private key)")).toBe("PBES2 (PBKDF2, AES-256-CBC), 2048 iterations");
    expect(field(result.stdout, "Encryption (integrity)")).toBe("HMAC-SHA256, 2048 iterations");
    expect(result.stdout).not.toContain("openssl pkcs12");
    // And OpenSSL 3 reads it without -legacy; the temporary file is gone.
    expect(spawnSync("openssl", ["pkcs12", "-in", at("operator legacy-aes256.p12"), "-noout", "-passin", "pass:New-p12-password"]).status).toBe(0);
    expect(spawnSync("test", ["-e", at("operator legacy-aes256.tmp.pem")]).status).not.toBe(0);
  }, 60_000);

  it("exits 4 for an expired certificate and for one not valid yet, saying which", async () => {
    const expired = await check(["Expired operator.pem"]);
    expect(expired.status).toBe(4);
    expect(field(expired.stdout, "Status")).toBe("EXPIRED on 2021-01-01T00:00:00.000Z");
    const future = await check(["Future operator.pem"]);
    expect(future.status).toBe(4);
    expect(field(future.stdout, "Status")).toBe("NOT YET VALID: valid from 2099-01-01T00:00:00.000Z");
  });

  it("exits 2 with a clear message for unreadable input: wrong password, a key, garbage, too large, missing, usage", async () => {
    const cases: [string[], string, RegExp][] = [
      [["operator-aes.p12"], "wrong password", /the password is wrong/],
      [["operator-key.pem"], "", /holds a private key and no certificate/],
      [["garbage.bin"], "", /not a certificate \(PEM or DER\) nor a PKCS#12 file/],
      [["large.pem"], "", new RegExp(`has ${MAX_CERTIFICATE_FILE_BYTES + 1} bytes`)],
      [["missing.pem"], "", /no file .*missing\.pem/],
      [[], "", /usage error: give exactly one FILE/],
      [["operator.pem", "--verbose"], "", /usage error: unknown option --verbose/],
    ];
    writeFileSync(at("garbage.bin"), Buffer.from("30820a0102", "hex"));
    writeFileSync(at("large.pem"), Buffer.alloc(MAX_CERTIFICATE_FILE_BYTES + 1, 0x41));
    for (const [args, input, message] of cases) {
      const result = await check(args, input);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe("");
    }
  }, 60_000);

  it("refuses, before deriving it, a key bag asking for 2^31 - 1 iterations hidden inside encrypted contents (no MAC, empty password)", async () => {
    // The review's file: the outer encryption is cheap (2,048 rounds), so a check of the visible
    // structure passes, and inside it a shrouded key bag asks for 2^31 - 1 rounds (the largest count
    // node-forge reads; hours of derivation). Its own encryption needs no real key: the derivation alone is the attack.
    writeFileSync(at("hidden-rounds.p12"), hostilePkcs12({ outerIterations: 2_048, keyIterations: 2 ** 31 - 1 }));
    const hidden = await check(["hidden-rounds.p12"], "", { killAfterMs: 30_000 });
    expect(hidden.status).toBe(2);
    expect(hidden.stderr).toMatch(/an encrypted part of this PKCS#12 file asks for 2,147,483,647 key derivation iterations .*; more than 1,000,000 are not run here/);
    expect(hidden.stdout).not.toContain("Subject:");
    // Many parts, each within the cap, past the total: refused before the first derivation.
    writeFileSync(at("many-rounds.p12"), hostilePkcs12({ outerIterations: 900_000, keyIterations: 2_048, parts: 4, encrypt: false }));
    const many = await check(["many-rounds.p12"], "", { killAfterMs: 30_000 });
    expect(many.status).toBe(2);
    expect(many.stderr).toMatch(/ask for more than 3,000,000 iterations together/);
  }, 90_000);

  it("takes --password-stdin as the header command does", async () => {
    const result = await check(["operator-aes.p12", "--password-stdin"], `${PASSWORD}\n`);
    expect(result.status).toBe(0);
    expect(field(result.stdout, "Private key")).toBe("matches the certificate");
  });

  it("has its own help with its exit statuses", async () => {
    const help = await check(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("check-certificate FILE");
    expect(help.stdout).toContain("4 expired or not yet valid");
  });
});
