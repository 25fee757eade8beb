// --key-from: the CLI picks the key by date from a published key set, over real HTTPS (a loopback
// server started here, with a self-signed certificate the CLI is told to trust the usual way, publishes
// three real certificates made by openssl), and uses a key only when the user trusts its fingerprint.
// A hostile key server (plain http, a redirect to another origin, its own key) gets nothing.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeyFromError, keyFromUrl, normalizeFingerprint, parseKeySet, pickKey, type PublishedKey } from "./cli-key-from.js";
import { verifySecurityHeader } from "./node.js";
import { loopbackTlsCertificate, sha256OfCertificate, startKeySetServer, type KeySetServer, type LoopbackTls } from "./test-support/key-set-server.js";
import { makeTempDir, opensslKeyPair, type OpensslKeyPair } from "./test-support/openssl.js";

const CLI = fileURLToPath(new URL("./cli-main.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PASSWORD = "key-from-S3CRET";
const temp = makeTempDir("key-from-");
const pairs: Record<"retired" | "current" | "next", OpensslKeyPair> = {} as never;
let tls: LoopbackTls;
let keys: KeySetServer;
let wrongFingerprint: KeySetServer;
let plain: KeySetServer;
const fingerprintOf = (status: keyof typeof KEYS) => sha256OfCertificate(pairs[status].certificatePem);

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
  tls = loopbackTlsCertificate(temp.dir);
  const entries = (["retired", "current", "next"] as const).map((status) => ({ id: `sandbox-${status}`, status, ...KEYS[status], certificatePem: pairs[status].certificatePem }));
  keys = await startKeySetServer(entries, tls);
  // The next key published with a fingerprint that is not its certificate's: a certificate swapped on the way.
  wrongFingerprint = await startKeySetServer(
    entries.map((entry) => (entry.status === "next" ? { ...entry, fingerprintSha256: "0".repeat(64) } : entry)),
    tls,
  );
  plain = await startKeySetServer(entries, null);
}, 60_000);

afterAll(async () => {
  await keys.close();
  await wrongFingerprint.close();
  await plain.close();
  temp.cleanup();
});

function run(args: readonly string[], { trustTls = true } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The loopback server's certificate is trusted as a user trusts a CA: NODE_EXTRA_CA_CERTS.
    const env = { ...process.env, ...(trustTls ? { NODE_EXTRA_CA_CERTS: tls.certFile } : {}) };
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI, ...args], { cwd: temp.dir, env });
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
const trusting = (...statuses: (keyof typeof KEYS)[]) => statuses.flatMap((status) => ["--fingerprint", fingerprintOf(status)]);

describe("--key-from URL (with --fingerprint and --key-date)", () => {
  it("picks the current key, then during the overlap the next one, then the next alone; each header decrypts with that key only", async () => {
    for (const [date, status] of [
      ["2026-06-01", "current"],
      ["2027-02-01T12:00:00Z", "next"],
      ["2027-06-01", "next"],
    ] as const) {
      const result = await run([...headerArgs, "--key-from", keys.url, "--key-date", date, ...trusting("current", "next")]);
      expect([date, result.status, result.stderr]).toEqual([date, 0, expect.stringContaining(`key "sandbox-${status}" (${status},`) as unknown]);
      expect(result.stderr).toContain("fingerprint checked against the --fingerprint given");
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyOf(status), password: PASSWORD })).toMatchObject({ ok: true, username: "555555555/1" });
      const other = status === "current" ? "next" : "current";
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyOf(other), password: PASSWORD }).ok).toBe(false);
    }
  });

  it("refuses a key whose fingerprint the user has not given (exit 6), naming it and how to give it: the answer never vouches for itself", async () => {
    for (const extra of [[], trusting("retired")]) {
      const result = await run([...headerArgs, "--key-from", keys.url, "--key-date", "2026-06-01", ...extra]);
      expect(result.status).toBe(6);
      expect(result.stderr).toContain(`key "sandbox-current" (current, valid 2026-01-01T00:00:00.000Z to 2027-03-01T00:00:00.000Z) has the SHA-256 fingerprint ${fingerprintOf("current")}`);
      expect(result.stderr).toContain(`--fingerprint ${fingerprintOf("current")}`);
      expect(result.stdout).toBe("");
    }
    // Colons and capitals, as `openssl x509 -fingerprint -sha256` writes it, are the same fingerprint.
    const colons = (fingerprintOf("current").toUpperCase().match(/../g) ?? []).join(":");
    expect((await run([...headerArgs, "--key-from", keys.url, "--key-date", "2026-06-01", "--fingerprint", colons])).status).toBe(0);
  });

  it("refuses plain http (exit 2, before anything is fetched) and a redirect to another origin (exit 6); follows one within the origin", async () => {
    const http = await run([...headerArgs, "--key-from", plain.url, ...trusting("current")]);
    expect([http.status, http.stderr]).toEqual([2, expect.stringContaining("--key-from needs an https URL") as unknown]);
    const away = await run([...headerArgs, "--key-from", `${keys.origin}/redirect-away`, "--key-date", "2026-06-01", ...trusting("current")]);
    expect(away.status).toBe(6);
    expect(away.stderr).toMatch(/redirects to another origin \(https:\/\/localhost:\d+\): refused/);
    expect(away.stdout).toBe("");
    const same = await run([...headerArgs, "--key-from", `${keys.origin}/redirect-same`, "--key-date", "2026-06-01", ...trusting("current")]);
    expect(same.status, same.stderr).toBe(0);
    const loop = await run([...headerArgs, "--key-from", `${keys.origin}/redirect-loop`, ...trusting("current")]);
    expect([loop.status, loop.stderr]).toEqual([5, expect.stringContaining("more than 5 redirects") as unknown]);
  });

  it("checks the server's certificate: one the machine does not trust cannot be read (exit 5)", async () => {
    const result = await run([...headerArgs, "--key-from", keys.url, ...trusting("current")], { trustTls: false });
    expect(result.status).toBe(5);
    expect(result.stderr).toMatch(/could not be reached \((SELF_SIGNED_CERT|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY|self.signed)/i);
  });

  it("refuses (exit 4) when no key fits the date (only a retired one: pickKey's tests have the other cases)", async () => {
    const result = await run([...headerArgs, "--key-from", keys.url, "--key-date", "2025-06-01", ...trusting("current")]);
    expect(result.status).toBe(4);
    expect(result.stderr).toContain("--key-from: no key of the key set is valid on");
    expect(result.stdout).toBe("");
  });

  it("refuses a certificate whose SHA-256 is not the trusted fingerprint (exit 6)", async () => {
    const result = await run([...headerArgs, "--key-from", wrongFingerprint.url, "--key-date", "2027-06-01", "--fingerprint", "0".repeat(64)]);
    expect(result.status).toBe(6);
    expect(result.stderr).toMatch(/the certificate of key "sandbox-next" has the SHA-256 fingerprint [0-9a-f]{64}, not the trusted 0{64}: refused/);
    expect(result.stdout).toBe("");
  });

  it("refuses a key set that is not JSON or has the wrong shape (refused: exit 6), and one too large or out of reach (unreachable: exit 5)", async () => {
    // In this process (each kind's exit status is the CLI's, run above): the policy sees the https
    // address, the bytes come from the plain twin (this process does not trust the test certificate).
    const viaPlain = ((input: string | URL, init?: RequestInit) => fetch(String(input).replace(keys.origin, plain.origin), init)) as typeof fetch;
    const cases: [string, string, string][] = [
      [`${keys.origin}/malformed`, "the key set is not JSON", "refused"],
      [`${keys.origin}/wrong-shape`, 'has status "active"', "refused"],
      [`${keys.origin}/huge`, "the key set is larger than 64 KB", "unreachable"],
      [`${keys.origin}/nothing-here`, "HTTP status 404", "unreachable"],
      ["https://127.0.0.1:9/keys", "could not be reached", "unreachable"],
    ];
    for (const [url, message, kind] of cases) {
      const error = await keyFromUrl(url, new Date(), { fetchImpl: viaPlain, fingerprints: [fingerprintOf("current")] }).catch((caught: unknown) => caught);
      expect([url, error instanceof KeyFromError ? error.kind : error]).toEqual([url, kind]);
      expect((error as Error).message).toContain(message);
    }
  });

  it("reads a key set from a file named with file: (the user's own: its fingerprints count as given), certificates beside it", async () => {
    const dir = join(temp.dir, "offline");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "current.pem"), pairs.current.certificatePem);
    const { validFrom, validUntil } = KEYS.current;
    const set = { keys: [{ id: "offline-current", status: "current", validFrom, validUntil, fingerprintSha256: fingerprintOf("current"), certificatePem: "current.pem", certificateDer: "current.cer" }] };
    writeFileSync(join(dir, "keys.json"), JSON.stringify(set));
    const result = await run([...headerArgs, "--key-from", "file:offline/keys.json", "--key-date", "2026-06-01"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain("fingerprint checked against the key set file on this machine");
    expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyOf("current"), password: PASSWORD }).ok).toBe(true);
  });

  it("refuses --key with --key-from, --key-date or --fingerprint without --key-from, a malformed fingerprint, and a date that is not ISO 8601", async () => {
    expect((await run([...headerArgs, "--key", "x.pem", "--key-from", keys.url])).stderr).toContain("--key and --key-from exclude each other");
    expect((await run([...headerArgs, "--key-date", "2027-01-01"])).stderr).toContain("--key-date picks a key of --key-from");
    expect((await run([...headerArgs, "--fingerprint", fingerprintOf("current")])).stderr).toContain("--fingerprint says which key of --key-from to trust");
    const short = await run([...headerArgs, "--key-from", keys.url, "--fingerprint", "abc"]);
    expect([short.status, short.stderr]).toEqual([2, expect.stringContaining("--fingerprint needs a SHA-256 fingerprint") as unknown]);
    const bad = await run([...headerArgs, "--key-from", keys.url, "--key-date", "15/04/2027"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining("--key-date needs an ISO 8601 date") as unknown]);
  });

  it("gives up on a key set that does not arrive in time (bounded time)", async () => {
    // The policy sees the https address; the bytes come from the plain twin (this process does not trust the test certificate).
    const viaPlain = ((input: string | URL, init?: RequestInit) => fetch(String(input).replace(keys.origin, plain.origin), init)) as typeof fetch;
    const started = Date.now();
    await expect(keyFromUrl(`${keys.origin}/slow`, new Date(), { timeoutMs: 300, fetchImpl: viaPlain })).rejects.toThrow(/no complete answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("trusts a fingerprint pinned in the tool's bundle as one given, before a key set file's own", async () => {
    const dir = join(temp.dir, "pinned");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "next.pem"), pairs.next.certificatePem);
    const { validFrom, validUntil } = KEYS.next;
    writeFileSync(join(dir, "keys.json"), JSON.stringify({ keys: [{ id: "n", status: "next", validFrom, validUntil, fingerprintSha256: fingerprintOf("next"), certificatePem: "next.pem", certificateDer: "next.cer" }] }));
    const url = pathToFileURL(join(dir, "keys.json")).href;
    const pinned = await keyFromUrl(url, new Date("2027-06-01"), { pinned: [fingerprintOf("next")] });
    expect([pinned.picked.id, pinned.trustedBy]).toEqual(["n", "pinned"]);
    const given = await keyFromUrl(url, new Date("2027-06-01"), { fingerprints: [fingerprintOf("next")], pinned: [fingerprintOf("next")] });
    expect(given.trustedBy).toBe("--fingerprint");
    expect((await keyFromUrl(url, new Date("2027-06-01"), { pinned: [] })).trustedBy).toBe("key set file");
  });
});

describe("normalizeFingerprint", () => {
  it("takes hex in either case, with or without colons; nothing else", () => {
    const hex = "ab".repeat(32);
    expect(normalizeFingerprint(hex.toUpperCase())).toBe(hex);
    expect(normalizeFingerprint((hex.match(/../g) ?? []).join(":"))).toBe(hex);
    expect(normalizeFingerprint("ab".repeat(31))).toBeNull();
    expect(normalizeFingerprint(`${"ab".repeat(31)}zz`)).toBeNull();
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
    expect(() => parseKeySet({ keys: [{ ...set[0], certificatePem: "file:///etc/passwd" }] }, "https://portal.example/keys")).toThrow(/must be an https URL/);
    expect(() => parseKeySet({ keys: [{ ...set[0], certificatePem: "http://portal.example/k.pem" }] }, "https://portal.example/keys")).toThrow(/must be an https URL/);
    expect(() => parseKeySet({ keys: [{ ...set[0], certificatePem: "https://elsewhere.example/k.pem" }] }, "https://portal.example/keys")).toThrow(/on another origin/);
    expect(() => parseKeySet([])).toThrow(/"keys" array/);
    expect(parseKeySet({ now: "x", keys: set })).toHaveLength(3);
  });
});
