// The one-file CLI: built by scripts/bundle.ts, run with plain node from a folder with no node_modules.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_FILE, bundleCli, type BundleInfo } from "../scripts/bundle.js";
import { verifySecurityHeader } from "./node.js";
import { makeTempDir, openssl } from "./test-support/openssl.js";

const build = makeTempDir("security-header-bundle-");
const user = makeTempDir("security-header-bundle-user-");
let info: BundleInfo;

beforeAll(async () => {
  info = await bundleCli(build.dir, new Date("2026-11-23T10:00:00.000Z"));
  copyFileSync(join(build.dir, BUNDLE_FILE), join(user.dir, BUNDLE_FILE));
}, 120_000);
afterAll(() => {
  build.cleanup();
  user.cleanup();
});

// The machine's own Node.js (Debian's, 20 here): what operators who download the CLI often have. The
// portal runs on Node 24; the CLI keeps working on 20 (generation uses only publicEncrypt).
const SYSTEM_NODE = "/usr/bin/node";
const systemNodeVersion = existsSync(SYSTEM_NODE) ? spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim() : undefined;
if (!systemNodeVersion) console.warn(`bundle.test.ts: ${SYSTEM_NODE} is absent; the CLI is tested with ${process.version} only`);

function runBundle(args: string[], input = "", node = process.execPath) {
  // Plain node, no loader, no NODE_PATH, in a folder where no node_modules is anywhere above.
  return spawnSync(node, [BUNDLE_FILE, ...args], {
    cwd: user.dir,
    input,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    timeout: 60_000,
  });
}

describe("the one-file CLI", () => {
  it("describes itself: file, size, SHA-256 and build time", () => {
    const content = readFileSync(join(build.dir, BUNDLE_FILE));
    expect(info).toEqual({ file: BUNDLE_FILE, bytes: content.length, sha256: createHash("sha256").update(content).digest("hex"), builtAt: "2026-11-23T10:00:00.000Z" });
    expect(JSON.parse(readFileSync(join(build.dir, "areaoe-security-header.json"), "utf8"))).toEqual(info);
  });

  it("runs with no node_modules anywhere above it", () => {
    for (let dir = user.dir; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, "node_modules"))).toBe(false);
    const help = runBundle(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--form FORM");
    // The portal's build pins no key: --key-from needs --fingerprint.
    expect(help.stdout).toContain("This copy pins no key fingerprint: give --fingerprint with --key-from.");
  });

  it("prints the key fingerprints an organisation pins (bundle --pin) into that copy, and --help lists them", async () => {
    const pinnedDir = makeTempDir("security-header-bundle-pinned-");
    try {
      const pin = "AB:".repeat(31) + "CD";
      await bundleCli(pinnedDir.dir, new Date("2026-11-23T10:00:00.000Z"), [pin]);
      const help = spawnSync(process.execPath, [join(pinnedDir.dir, BUNDLE_FILE), "--help"], { encoding: "utf8", timeout: 60_000 });
      expect(help.stdout).toContain(`Key fingerprints pinned in this copy (trusted by --key-from without --fingerprint):\n  ${"ab".repeat(31)}cd`);
      await expect(bundleCli(pinnedDir.dir, new Date(), ["not-a-fingerprint"])).rejects.toThrow(/not a SHA-256 fingerprint/);
    } finally {
      pinnedDir.cleanup();
    }
  }, 120_000);

  it.each(["digest", "encrypted-created"])("makes a %s-form header that the verifier accepts", (form) => {
    const result = runBundle(["-u", "555555555/1", "--form", form, "--password-stdin", "--local-key-dir", "keys"], "S3cret-ção\n");
    expect(result.stderr).toContain("LOCAL TESTING ONLY");
    expect(result.status).toBe(0);
    const privateKey = readFileSync(join(user.dir, "keys", "private-key.pem"), "utf8");
    expect(verifySecurityHeader(result.stdout, { privateKey, password: "S3cret-ção" })).toMatchObject({ ok: true, form, username: "555555555/1" });
  });
});

describe("the one-file CLI's check-certificate", () => {
  it("reads a PKCS#12 file made by openssl, on this Node and on the machine's", () => {
    const key = join(user.dir, "operator-key.pem");
    const certificate = join(user.dir, "operator.pem");
    openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "30", "-subj", "/CN=Bundle operator"]);
    openssl(["pkcs12", "-export", "-in", certificate, "-inkey", key, "-out", join(user.dir, "operator.p12"), "-passout", "pass:p12-pässword"]);
    for (const node of systemNodeVersion ? [process.execPath, SYSTEM_NODE] : [process.execPath]) {
      const result = runBundle(["check-certificate", "operator.p12"], "p12-pässword\n", node);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Subject: +CN=Bundle operator$/m);
      expect(result.stdout).toMatch(/^Encryption \(private key\): +PBES2 \(PBKDF2, AES-256-CBC\)/m);
    }
  }, 120_000);
});

describe.skipIf(!systemNodeVersion)(`the one-file CLI on the machine's Node.js at ${SYSTEM_NODE} (${systemNodeVersion ?? "absent: skipped"})`, () => {
  it("prints its help and makes both forms of header, which the verifier (on this Node) accepts", () => {
    expect(runBundle(["--help"], "", SYSTEM_NODE)).toMatchObject({ status: 0, stdout: expect.stringContaining("--form FORM") });
    for (const form of ["digest", "encrypted-created"]) {
      const result = runBundle(["-u", "555555555/1", "--form", form, "--password-stdin", "--local-key-dir", "keys-system-node"], "S3cret-ção\n", SYSTEM_NODE);
      expect(result.stderr).toContain("LOCAL TESTING ONLY");
      expect(result.status).toBe(0);
      const privateKey = readFileSync(join(user.dir, "keys-system-node", "private-key.pem"), "utf8");
      expect(verifySecurityHeader(result.stdout, { privateKey, password: "S3cret-ção" })).toMatchObject({ ok: true, form, username: "555555555/1" });
    }
  }, 120_000);
});
