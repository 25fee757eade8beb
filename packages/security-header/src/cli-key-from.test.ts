// --key-from: the CLI picks the key by date from a published key set, over real HTTP (a loopback
// server started here publishes three real certificates made by openssl), and checks its fingerprint.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeyFromError, keyFromUrl, parseKeySet, pickKey, type PublishedKey } from "./cli-key-from.js";
import { verifySecurityHeader } from "./node.js";
import { startKeySetServer, type KeySetServer } from "./test-support/key-set-server.js";
import { makeTempDir, opensslKeyPair, type OpensslKeyPair } from "./test-support/openssl.js";

const CLI = fileURLToPath(new URL("./cli-main.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PASSWORD = "key-from-S3CRET";
const temp = makeTempDir("key-from-");
const pairs: Record<"retired" | "current" | "next", OpensslKeyPair> = {} as never;
let keys: KeySetServer;
let wrongFingerprint: KeySetServer;

const KEYS = {
  retired: { validFrom: "2025-01-01T00:00:00.000Z", validUntil: "2027-01-01T00:00:00.000Z" },
  current: { validFrom: "2026-01-01T00:00:00.000Z", validUntil: "2027-03-01T00:00:00.000Z" },
  // Overlaps the current key from 2027-01-15: the rehearsal of the yearly switch.
  next: { validFrom: "2027-01-15T00:00:00.000Z", validUntil: "2028-03-01T00:00:00.000Z" },
} as const;

beforeAll(async () => {
  for (const status of ["retired", "current", "next"] as const) {
    const dir = join(temp.dir, status);
    mkdirSync(dir);
    pairs[status] = opensslKeyPair(dir, 2048);
  }
  const entries = (["retired", "current", "next"] as const).map((status) => ({ id: `sandbox-${status}`, status, ...KEYS[status], certificatePem: pairs[status].certificatePem }));
  keys = await startKeySetServer(entries);
  // The next key published with the current key's fingerprint: a certificate swapped on the way.
  wrongFingerprint = await startKeySetServer(
    entries.map((entry) => (entry.status === "next" ? { ...entry, fingerprintSha256: "0".repeat(64) } : entry)),
  );
}, 60_000);

afterAll(async () => {
  await keys.close();
  await wrongFingerprint.close();
  temp.cleanup();
});

function run(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI, ...args], { cwd: temp.dir });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(PASSWORD);
  });
}

const privateKeyOf = (status: keyof typeof KEYS) => readFileSync(pairs[status].privateKeyPath, "utf8");
const headerArgs = ["-u", "555555555/1", "--password-stdin"];

describe("--key-from URL (and --key-date)", () => {
  it("picks the current key, then during the overlap the next one, then the next alone; each header decrypts with that key only", async () => {
    for (const [date, status] of [
      ["2026-06-01", "current"],
      ["2027-02-01T12:00:00Z", "next"],
      ["2027-06-01", "next"],
    ] as const) {
      const result = await run([...headerArgs, "--key-from", keys.url, "--key-date", date]);
      expect([date, result.status, result.stderr]).toEqual([date, 0, expect.stringContaining(`key "sandbox-${status}" (${status},`) as unknown]);
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyOf(status), password: PASSWORD })).toMatchObject({ ok: true, username: "555555555/1" });
      const other = status === "current" ? "next" : "current";
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyOf(other), password: PASSWORD }).ok).toBe(false);
    }
  });

  it("refuses (exit 2, a clear message) when no key fits the date: only a retired one, or none", async () => {
    for (const date of ["2025-06-01", "2029-01-01"]) {
      const result = await run([...headerArgs, "--key-from", keys.url, "--key-date", date]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("--key-from: no key of the key set is valid on");
      expect(result.stdout).toBe("");
    }
  });

  it("refuses a certificate whose SHA-256 is not the published fingerprint", async () => {
    const result = await run([...headerArgs, "--key-from", wrongFingerprint.url, "--key-date", "2027-06-01"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/the certificate of key "sandbox-next" has the SHA-256 fingerprint [0-9a-f]{64}, not the published 0{64}: refused/);
    expect(result.stdout).toBe("");
  });

  it("refuses a key set that is not JSON, has the wrong shape, is too large, or cannot be reached", async () => {
    const cases: [string, string][] = [
      [`${keys.origin}/malformed`, "the key set is not JSON"],
      [`${keys.origin}/wrong-shape`, 'has status "active"'],
      [`${keys.origin}/huge`, "the key set is larger than 64 KB"],
      [`${keys.origin}/nothing-here`, "HTTP status 404"],
      ["http://127.0.0.1:9/keys", "could not be reached"],
    ];
    for (const [url, message] of cases) {
      const result = await run([...headerArgs, "--key-from", url]);
      expect([url, result.status]).toEqual([url, 2]);
      expect(result.stderr).toContain(message);
    }
  });

  it("refuses --key with --key-from, --key-date without --key-from, and a date that is not ISO 8601", async () => {
    expect((await run([...headerArgs, "--key", "x.pem", "--key-from", keys.url])).stderr).toContain("--key and --key-from exclude each other");
    expect((await run([...headerArgs, "--key-date", "2027-01-01"])).stderr).toContain("--key-date picks a key of --key-from");
    const bad = await run([...headerArgs, "--key-from", keys.url, "--key-date", "15/04/2027"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining("--key-date needs an ISO 8601 date") as unknown]);
  });

  it("gives up on a key set that does not arrive in time (bounded time)", async () => {
    const started = Date.now();
    await expect(keyFromUrl(`${keys.origin}/slow`, new Date(), { timeoutMs: 300 })).rejects.toThrow(/no complete answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("pickKey", () => {
  const key = (id: string, status: PublishedKey["status"], validFrom: string, validUntil: string): PublishedKey => ({
    id,
    status,
    validFrom,
    validUntil,
    fingerprintSha256: "a".repeat(64),
    certificatePem: "https://portal.example/k.pem",
    certificateDer: "https://portal.example/k.cer",
  });
  const set = [
    key("old", "retired", "2025-01-01T00:00:00Z", "2030-01-01T00:00:00Z"),
    key("current", "current", "2026-01-01T00:00:00Z", "2027-03-01T00:00:00Z"),
    key("next", "next", "2027-01-15T00:00:00Z", "2028-03-01T00:00:00Z"),
  ];
  it("takes validFrom ≤ d < validUntil, never a retired key, the latest validFrom first", () => {
    expect(pickKey(set, new Date("2027-01-14T23:59:59Z"))?.id).toBe("current");
    expect(pickKey(set, new Date("2027-01-15T00:00:00Z"))?.id).toBe("next");
    expect(pickKey(set, new Date("2027-03-01T00:00:00Z"))?.id).toBe("next");
    expect(pickKey(set, new Date("2028-03-01T00:00:00Z"))).toBeUndefined();
    expect(pickKey(set, new Date("2025-06-01T00:00:00Z"))).toBeUndefined();
  });
  it("parseKeySet names what is wrong", () => {
    expect(() => parseKeySet({ keys: [{ ...set[0], fingerprintSha256: "AB" }] })).toThrow(KeyFromError);
    expect(() => parseKeySet({ keys: [{ ...set[0], validFrom: "yesterday" }] })).toThrow(/"validFrom" is not an ISO 8601 UTC time/);
    expect(() => parseKeySet({ keys: [{ ...set[0], certificatePem: "file:///etc/passwd" }] })).toThrow(/must be an http or https URL/);
    expect(() => parseKeySet([])).toThrow(/"keys" array/);
    expect(parseKeySet({ now: "x", keys: set })).toHaveLength(3);
  });
});
