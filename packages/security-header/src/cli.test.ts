// Spawns the CLI from source (through tsx) as a user would run it.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_CERTIFICATE_PATH, makeTempDir, opensslDecryptNonce, opensslKeyPair, type OpensslKeyPair } from "./test-support/openssl.js";

const CLI = fileURLToPath(new URL("./cli-main.ts", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/areaoe-security-header.js", import.meta.url));
const FIXTURE = fileURLToPath(FIXTURE_CERTIFICATE_PATH);
// Absolute, because the CLI runs in a temporary directory where "tsx" would not resolve.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PASSWORD = "Pässwörd-€-S3CRET";
const temp = makeTempDir();
let keyPair: OpensslKeyPair;

beforeAll(() => {
  keyPair = opensslKeyPair(temp.dir, 2048);
  writeFileSync(join(temp.dir, "cert.pem"), keyPair.certificatePem);
}, 60_000);
afterAll(() => temp.cleanup());

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: readonly string[], input?: string, script = CLI): Run {
  const result = spawnSync(process.execPath, ["--import", TSX_LOADER, script, ...args], {
    cwd: temp.dir,
    input: input ?? "",
    encoding: "utf8",
    timeout: 60_000,
  });
  const output = { status: result.status, stdout: result.stdout, stderr: result.stderr };
  // Whatever happens, the password never shows.
  expect(output.stdout).not.toContain(PASSWORD);
  expect(output.stderr).not.toContain(PASSWORD);
  return output;
}

describe("areaoe-security-header", () => {
  it("prints the XML header; the nonce opens with the key pair's private key", () => {
    const result = run(["--username", "123456789/1", "--key", "cert.pem", "--password-stdin"], `${PASSWORD}\n`);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^<wss:Security xmlns:wss="http:\/\/schemas\.xmlsoap\.org\/ws\/2002\/12\/secext">\n/);
    const nonce = /<wss:Nonce>([^<]+)<\/wss:Nonce>/.exec(result.stdout)?.[1] ?? "";
    expect(opensslDecryptNonce(keyPair, nonce)).toHaveLength(16);
  });

  it("--json prints the result object and strips exactly one trailing newline from stdin", () => {
    const result = run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--json", "--created-in-clear"], "pw \n\n");
    expect(result.status).toBe(0);
    const header = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(header).sort()).toEqual(
      ["created", "createdAt", "digest", "expiresAt", "nonce", "password", "username", "warnings", "xml"].sort(),
    );
    expect(header.created).toBe(header.createdAt);
    const sessionKey = opensslDecryptNonce(keyPair, String(header.nonce));
    const decipher = forge.cipher.createDecipher("AES-ECB", forge.util.createBuffer(sessionKey.toString("binary")));
    decipher.start();
    decipher.update(forge.util.createBuffer(forge.util.decode64(String(header.password))));
    expect(decipher.finish()).toBe(true);
    expect(decipher.output.getBytes()).toBe("pw \n");
  });

  it("--envelope wraps the header in a SOAP 1.1 envelope", () => {
    const result = run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--envelope"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^<soapenv:Envelope xmlns:soapenv="http:\/\/schemas\.xmlsoap\.org\/soap\/envelope\/">/);
    expect(result.stdout).toContain("<soapenv:Header>\n    <wss:Security");
    expect(result.stdout).toContain("<soapenv:Body/>");
  });

  it("reads the authority's 4096-bit fixture and warns about the documentation NIF on stderr", () => {
    const result = run(["-u", "555555555/1", "-k", FIXTURE, "--password-stdin"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("warning [NIF_CHECK_DIGIT]");
    expect(Buffer.from(/<wss:Nonce>([^<]+)</.exec(result.stdout)?.[1] ?? "", "base64")).toHaveLength(512);
  });

  it("without --key uses the local test key pair and says so on stderr", () => {
    const result = run(["-u", "123456789/1", "--password-stdin", "--local-key-dir", "test-keys"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("LOCAL TESTING ONLY");
    expect(result.stderr).toContain(join(temp.dir, "test-keys"));
    expect(existsSync(join(temp.dir, "test-keys", "private-key.pem"))).toBe(true);
    expect(result.stdout).toContain("<wss:Security");
  });

  it("bad username: exit 3 and a specific message, before reading the password", () => {
    const result = run(["-u", "12345/1", "-k", "cert.pem", "--password-stdin"], PASSWORD);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[INVALID_USERNAME]");
    expect(result.stderr).toContain("9 digits, a slash and the sub-user number");
    expect(result.stdout).toBe("");
  });

  it("empty password: exit 3", () => {
    const result = run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin"], "\n");
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[EMPTY_PASSWORD]");
  });

  it.each([
    [["--password", PASSWORD]],
    [[`--password=${PASSWORD}`]],
    [["-p", PASSWORD]],
  ])("refuses a password argument %#: exit 2 with an explanation, password not echoed", (extra) => {
    const result = run(["-u", "123456789/1", "-k", "cert.pem", ...extra], PASSWORD);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--password-stdin");
    expect(result.stderr).toMatch(/shell history/);
  });

  it("does not echo stray arguments or unknown options' values", () => {
    const stray = run(["-u", "123456789/1", "-k", "cert.pem", PASSWORD]);
    expect(stray.status).toBe(2);
    const unknown = run(["-u", "123456789/1", `--passwd=${PASSWORD}`]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option --passwd");
  });

  it("missing key file: exit 3", () => {
    const result = run(["-u", "123456789/1", "-k", "nope.pem", "--password-stdin"], PASSWORD);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[KEY_FILE_NOT_FOUND]");
    expect(result.stderr).toContain("nope.pem");
  });

  it("a private key instead of the certificate: exit 3", () => {
    const result = run(["-u", "123456789/1", "-k", keyPair.privateKeyPath, "--password-stdin"], PASSWORD);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[PRIVATE_KEY_GIVEN]");
  });

  it("usage errors: exit 2", () => {
    expect(run(["-k", "cert.pem", "--password-stdin"], PASSWORD).status).toBe(2); // no username
    expect(run(["-u", "123456789/1", "-k", "--json"], PASSWORD).status).toBe(2); // -k without value
    expect(run(["-u", "123456789/1", "--json=yes"], PASSWORD).status).toBe(2);
    const noStdinFlag = run(["-u", "123456789/1", "-k", "cert.pem"], PASSWORD); // stdin is a pipe here
    expect(noStdinFlag.status).toBe(2);
    expect(noStdinFlag.stderr).toContain("--password-stdin");
  });

  it("--help documents options, exit codes and examples", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    for (const text of ["--username", "--key", "--password-stdin", "--json", "--envelope", "--created-in-clear", "--local-key-dir", "Exit status", "Examples", "LOCAL TESTING ONLY"]) {
      expect(result.stdout).toContain(text);
    }
  });

  it("--version prints the package version, also through the bin shim", () => {
    expect(run(["--version"]).stdout).toBe("0.1.0\n");
    expect(run(["--version"], undefined, BIN).stdout).toBe("0.1.0\n");
  });
});
