// The verifier decrypts the Nonce only where OpenSSL does implicit rejection (verify-crypto.ts).
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ImplicitRejectionUnavailableError, probeImplicitRejection } from "./node.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKeyPem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

describe("probeImplicitRejection", () => {
  it("passes on this runtime, for a KeyObject and for PEM", () => {
    expect(probeImplicitRejection(pair.privateKey)).toEqual({ ok: true });
    expect(probeImplicitRejection(privateKeyPem)).toEqual({ ok: true });
  });

  it("refuses a key that is not an RSA private key, naming no key bytes", () => {
    expect(() => probeImplicitRejection(pair.publicKey)).toThrow(/privateKey must be an unencrypted RSA private key/);
    expect(() => probeImplicitRejection("not a key")).toThrow(TypeError);
    expect(new ImplicitRejectionUnavailableError("x").message).toContain("refusing to decrypt");
  });
});

// Debian's Node.js 20 (OpenSSL 3.0) refuses PKCS#1 v1.5 private decryption: the probe must say no, and
// the verifier throw instead of answering. Run against the compiled package (dist/, made by `npm ci`).
const SYSTEM_NODE = "/usr/bin/node";
const DIST = new URL("../dist/node.js", import.meta.url);
const systemMajor = existsSync(SYSTEM_NODE) ? Number(/^v(\d+)/.exec(spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout)?.[1]) : undefined;
const runnable = systemMajor !== undefined && systemMajor < 22 && existsSync(DIST);
if (!runnable) console.warn(`implicit-rejection.test.ts: no Node.js 20 at ${SYSTEM_NODE}, or no ${DIST.pathname}: the refusal on an old runtime is not exercised`);

describe.skipIf(!runnable)(`on the machine's Node.js ${systemMajor ?? "(absent)"} (${SYSTEM_NODE})`, () => {
  it("the probe says no and the verifier throws ImplicitRejectionUnavailableError (no fallback)", () => {
    const script = `
      import { probeImplicitRejection, verifySecurityHeader } from ${JSON.stringify(DIST.href)};
      const key = process.env.KEY;
      const probe = probeImplicitRejection(key);
      let thrown = null;
      try { verifySecurityHeader("<x/>", { privateKey: key }); } catch (error) { thrown = error.name; }
      console.log(JSON.stringify({ probe, thrown }));`;
    const result = spawnSync(SYSTEM_NODE, ["--input-type=module", "-e", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", KEY: privateKeyPem }, timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { probe: { ok: boolean; reason?: string }; thrown: string | null };
    expect(answer.probe).toMatchObject({ ok: false, reason: expect.stringContaining("refused") });
    expect(answer.thrown).toBe("ImplicitRejectionUnavailableError");
  }, 60_000);
});
