import { createPrivateKey } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateSecurityHeader, parseAuthorityKey, probeImplicitRejection } from "@areaoe/security-header/node";
import { loadAuthorityEnvironments } from "../security-header/authority-environments";
import { assertSeparateSandboxKey, defaultSandboxKeyDir, loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";

// The sandbox's key set with 2048-bit keys (quicker than its own 4096-bit ones), in a folder of its own.
const dir = mkdtempSync(join(tmpdir(), "areaoe-sandbox-"));
const FAST = { bits: 2048 } as const;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function soapStatus(sandbox: HeaderSandbox, body: string): Promise<{ status: number; text: string }> {
  const app = await startSandboxApp(sandbox);
  try {
    const response = await fetch(`${app.origin}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml" }, body });
    return { status: response.status, text: await response.text() };
  } finally {
    await app.close();
  }
}

describe("the header sandbox's implicit-rejection probe", () => {
  it("passes on this runtime: the checker is on and checks a header", async () => {
    const sandbox = await loadHeaderSandbox(dir, dir, FAST);
    const current = sandbox.keys().find((key) => key.status === "current");
    expect(probeImplicitRejection(createPrivateKey(current?.privateKeyPem ?? "").export({ type: "pkcs8", format: "pem" }).toString())).toEqual({ ok: true });
    expect(sandbox.checkerEnabled).toBe(true);
    expect(sandbox.checkerDisabledReason).toBeUndefined();
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: parseAuthorityKey(sandbox.certificatePem), form: "digest" });
    expect(await sandbox.check(header.xml, { password: "p" })).toMatchObject({ ok: true, findings: [] });
    const answer = await soapStatus(sandbox, header.xml);
    expect(answer.status).toBe(200);
  });

  it("when the probe says no, the checker refuses to start: check throws and the SOAP endpoint says it is off", async () => {
    const sandbox = await loadHeaderSandbox(dir, dir, { ...FAST, probe: () => ({ ok: false, reason: "injected: padding errors throw" }) });
    expect(sandbox.checkerEnabled).toBe(false);
    expect(sandbox.checkerDisabledReason).toBe("injected: padding errors throw");
    await expect(sandbox.check("<x/>")).rejects.toThrow(/switched off/);
    // The certificate is still there to download; only the decryption is off.
    expect(sandbox.certificatePem).toContain("BEGIN CERTIFICATE");
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: parseAuthorityKey(sandbox.certificatePem), form: "digest" });
    const answer = await soapStatus(sandbox, header.xml);
    expect(answer.status).toBe(503);
    expect(answer.text).toContain("<faultcode>soapenv:Server</faultcode>");
    expect(answer.text).toContain('code="SANDBOX_SWITCHED_OFF"');
  });
});

describe("the bench-only lift of the sandbox's rate limit", () => {
  it("applies only with the exact value and a loopback HOST", async () => {
    const { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE, sandboxRateLimitLifted } = await import("../config/settings");
    expect(sandboxRateLimitLifted({ [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE, HOST: "127.0.0.1" })).toBe(true);
    expect(sandboxRateLimitLifted({ [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE, HOST: "0.0.0.0" })).toBe(false);
    expect(sandboxRateLimitLifted({ [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE })).toBe(false);
    expect(sandboxRateLimitLifted({ [BENCH_LIFT_VARIABLE]: "1", HOST: "127.0.0.1" })).toBe(false);
  });
});

const root = mkdtempSync(path.join(tmpdir(), "areaoe-sandbox-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the header sandbox's key", () => {
  it("is its own pair, not the generation form's local test key, and a shared one stops the start", async () => {
    const form = await loadAuthorityEnvironments({ securityHeader: { environments: {} } }, { cwd: root });
    const sandbox = await loadHeaderSandbox(root, undefined, FAST);
    expect(defaultSandboxKeyDir(root)).toBe(path.join(root, ".local", "sandbox-key"));
    const formModuli = form.describe().map((environment) => environment.publicKey.n);
    expect(formModuli).toHaveLength(1);
    expect(sandbox.publicKeyModuli).toHaveLength(3);
    for (const modulus of sandbox.publicKeyModuli) expect(formModuli).not.toContain(modulus);
    expect(() => assertSeparateSandboxKey(sandbox, formModuli)).not.toThrow();

    // The sandbox pointed at the form's folder by mistake: refused.
    expect(() => assertSeparateSandboxKey({ publicKeyModuli: [...sandbox.publicKeyModuli, ...formModuli] }, formModuli)).toThrow(
      /sandbox's key pair is also a key of the generation form/,
    );
  }, 120_000);
});
