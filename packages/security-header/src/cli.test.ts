// Spawns the CLI from source (through tsx) as a user would run it.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecurityHeader } from "./node.js";
import { FIXTURE_FILE, FIXTURE_PRESENT } from "./test-support/implementations.js";
import { makeTempDir, opensslAesDecrypt, opensslDecryptNonce, opensslKeyPair, type OpensslKeyPair } from "./test-support/openssl.js";
import { VERSION } from "./version.js";

const CLI = fileURLToPath(new URL("./cli-main.ts", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/areaoe-security-header.js", import.meta.url));
// Absolute, because the CLI runs in a temporary directory where "tsx" would not resolve.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PASSWORD = "Pässwörd-€-S3CRET";
const temp = makeTempDir();
let keyPair: OpensslKeyPair;
let privateKey: string;
// The portal's GET /areaOE/api/time, 90 s ahead of this machine (and a broken one).
let clockServer: Server;
let clockUrl: string;
const SERVER_AHEAD_MS = 90_000;

beforeAll(async () => {
  keyPair = opensslKeyPair(temp.dir, 2048);
  privateKey = readFileSync(keyPair.privateKeyPath, "utf8");
  writeFileSync(join(temp.dir, "cert.pem"), keyPair.certificatePem);
  clockServer = createServer((req, res) => {
    if (req.url === "/areaOE/api/time") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ now: Date.now() + SERVER_AHEAD_MS }));
    else res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
  });
  await new Promise<void>((resolve) => clockServer.listen(0, "127.0.0.1", resolve));
  clockUrl = `http://127.0.0.1:${(clockServer.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => {
  temp.cleanup();
  clockServer.close();
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: readonly string[], input?: string, script = CLI): Promise<Run> {
  return new Promise((resolve) => {
    // Asynchronous: the clock server above answers from this process while the CLI waits.
    const child = spawn(process.execPath, ["--import", TSX_LOADER, script, ...args], { cwd: temp.dir });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (status) => {
      // Whatever happens, the password never shows.
      expect(stdout).not.toContain(PASSWORD);
      expect(stderr).not.toContain(PASSWORD);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(input ?? "");
  });
}

describe("areaoe-security-header", () => {
  it("prints the digest-form XML header by default: the verifier accepts it", async () => {
    const result = await run(["--username", "123456789/1", "--key", "cert.pem", "--password-stdin"], `${PASSWORD}\n`);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^<wss:Security xmlns:wss="http:\/\/schemas\.xmlsoap\.org\/ws\/2002\/12\/secext">\n/);
    const verified = verifySecurityHeader(result.stdout, { privateKey, password: PASSWORD });
    expect(verified).toMatchObject({ ok: true, form: "digest", username: "123456789/1" });
  });

  it("--form encrypted-created: no Digest, Created encrypted (openssl decrypts it)", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--form", "encrypted-created", "--password-stdin", "--json"], PASSWORD);
    expect(result.status).toBe(0);
    const header = JSON.parse(result.stdout) as Record<string, string | null>;
    expect(header.form).toBe("encrypted-created");
    expect(header.digest).toBeNull();
    const keyHex = opensslDecryptNonce(keyPair, String(header.nonce)).toString("hex");
    expect(opensslAesDecrypt(keyHex, String(header.created)).toString("utf8")).toBe(header.createdAt);
    expect(verifySecurityHeader(String(header.xml), { privateKey }).form).toBe("encrypted-created");
  });

  it("--json prints the result object and strips exactly one trailing newline from stdin", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--json"], "pw \n\n");
    expect(result.status).toBe(0);
    const header = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(header).sort()).toEqual(
      ["form", "created", "createdAt", "digest", "expiresAt", "nonce", "password", "username", "warnings", "xml"].sort(),
    );
    expect(header.created).toBe(header.createdAt);
    const keyHex = opensslDecryptNonce(keyPair, String(header.nonce)).toString("hex");
    expect(opensslAesDecrypt(keyHex, String(header.password)).toString("utf8")).toBe("pw \n");
  });

  it("--envelope wraps the header in a SOAP 1.1 envelope", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--envelope"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^<soapenv:Envelope xmlns:soapenv="http:\/\/schemas\.xmlsoap\.org\/soap\/envelope\/">/);
    expect(result.stdout).toContain("<soapenv:Header>\n    <wss:Security");
    expect(verifySecurityHeader(result.stdout, { privateKey }).ok).toBe(true);
  });

  it("--clock-from: Created follows the server's clock (90 s ahead), and stderr says how far off this machine is", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--json", "--clock-from", `${clockUrl}/areaOE/api/time`], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/this machine's clock is (89|90|91) s behind the server's clock/);
    const created = Date.parse(String((JSON.parse(result.stdout) as { createdAt: string }).createdAt));
    expect(Math.abs(created - (Date.now() + SERVER_AHEAD_MS))).toBeLessThan(10_000);
  });

  it("--clock-from unreachable or not the time: warns and uses the local clock", async () => {
    for (const url of [`${clockUrl}/not-the-clock`, "http://127.0.0.1:9/areaOE/api/time"]) {
      const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--json", "--clock-from", url], PASSWORD);
      expect(result.status).toBe(0);
      expect(result.stderr).toContain("warning [CLOCK_UNAVAILABLE]");
      const created = Date.parse(String((JSON.parse(result.stdout) as { createdAt: string }).createdAt));
      expect(Math.abs(created - Date.now())).toBeLessThan(10_000);
    }
  });

  it.skipIf(!FIXTURE_PRESENT)("reads the authority's 4096-bit certificate and warns about the documentation NIF on stderr", async () => {
    const result = await run(["-u", "555555555/1", "-k", FIXTURE_FILE, "--password-stdin"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("warning [NIF_CHECK_DIGIT]");
    expect(Buffer.from(/<wss:Nonce>([^<]+)</.exec(result.stdout)?.[1] ?? "", "base64")).toHaveLength(512);
  });

  it("without --key uses the local test key pair and says so on stderr", async () => {
    const result = await run(["-u", "123456789/1", "--password-stdin", "--local-key-dir", "test-keys"], PASSWORD);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("LOCAL TESTING ONLY");
    expect(result.stderr).toContain(join(temp.dir, "test-keys"));
    const testKey = readFileSync(join(temp.dir, "test-keys", "private-key.pem"), "utf8");
    expect(verifySecurityHeader(result.stdout, { privateKey: testKey }).ok).toBe(true);
  });

  it("bad username: exit 3 and a specific message, before reading the password", async () => {
    const result = await run(["-u", "12345/1", "-k", "cert.pem", "--password-stdin"], PASSWORD);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[INVALID_USERNAME]");
    expect(result.stderr).toContain("9 digits, a slash and the sub-user number");
    expect(result.stdout).toBe("");
  });

  it("empty password: exit 3", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin"], "\n");
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("[EMPTY_PASSWORD]");
  });

  it.each([[["--password", PASSWORD]], [[`--password=${PASSWORD}`]], [["-p", PASSWORD]]])(
    "refuses a password argument %#: exit 2 with an explanation, password not echoed",
    async (extra) => {
      const result = await run(["-u", "123456789/1", "-k", "cert.pem", ...extra], PASSWORD);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("--password-stdin");
      expect(result.stderr).toMatch(/shell history/);
    },
  );

  it("--created-in-clear is gone: a usage error that points to --form", async () => {
    const result = await run(["-u", "123456789/1", "-k", "cert.pem", "--password-stdin", "--created-in-clear"], PASSWORD);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--form digest");
    expect(result.stderr).toContain("--form encrypted-created");
    expect(result.stdout).toBe("");
  });

  it("does not echo stray arguments or unknown options' values", async () => {
    const stray = await run(["-u", "123456789/1", "-k", "cert.pem", PASSWORD]);
    expect(stray.status).toBe(2);
    const unknown = await run(["-u", "123456789/1", `--passwd=${PASSWORD}`]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option --passwd");
  });

  it("missing key file, or a private key instead of the certificate: exit 3", async () => {
    const missing = await run(["-u", "123456789/1", "-k", "nope.pem", "--password-stdin"], PASSWORD);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain("[KEY_FILE_NOT_FOUND]");
    expect(missing.stderr).toContain("nope.pem");
    const privateGiven = await run(["-u", "123456789/1", "-k", keyPair.privateKeyPath, "--password-stdin"], PASSWORD);
    expect(privateGiven.status).toBe(3);
    expect(privateGiven.stderr).toContain("[PRIVATE_KEY_GIVEN]");
  });

  it("usage errors: exit 2", async () => {
    expect((await run(["-k", "cert.pem", "--password-stdin"], PASSWORD)).status).toBe(2); // no username
    expect((await run(["-u", "123456789/1", "-k", "--json"], PASSWORD)).status).toBe(2); // -k without value
    expect((await run(["-u", "123456789/1", "--json=yes"], PASSWORD)).status).toBe(2);
    const badForm = await run(["-u", "123456789/1", "--form", "mixed"], PASSWORD);
    expect(badForm.status).toBe(2);
    expect(badForm.stderr).toContain("--form must be one of: digest, encrypted-created");
    expect((await run(["-u", "123456789/1", "--clock-from", "file:///etc/passwd"], PASSWORD)).status).toBe(2);
    const noStdinFlag = await run(["-u", "123456789/1", "-k", "cert.pem"], PASSWORD); // stdin is a pipe here
    expect(noStdinFlag.status).toBe(2);
    expect(noStdinFlag.stderr).toContain("--password-stdin");
  });

  it("--help documents options, both forms and when to choose them, exit codes and examples", async () => {
    const result = await run(["--help"]);
    expect(result.status).toBe(0);
    for (const text of ["--username", "--key", "--form", "digest", "encrypted-created", "authority's own sample", "invoicing clients", "--clock-from", "--password-stdin", "--json", "--envelope", "--local-key-dir", "Exit status", "Examples", "LOCAL TESTING ONLY", "NTP"]) {
      expect(result.stdout).toContain(text);
    }
    expect(result.stdout).not.toContain("--created-in-clear");
  });

  it("--version prints the package version, also through the bin shim", async () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(VERSION).toBe(manifest.version);
    expect((await run(["--version"])).stdout).toBe(`${VERSION}\n`);
    expect((await run(["--version"], undefined, BIN)).stdout).toBe(`${VERSION}\n`);
  });
});
