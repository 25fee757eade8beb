import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadAuthorityEnvironments } from "../security-header/authority-environments";
import { assertSeparateSandboxKey, defaultSandboxKeyDir, loadHeaderSandbox } from "./header-sandbox";

const root = mkdtempSync(path.join(tmpdir(), "areaoe-sandbox-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the header sandbox's key", () => {
  it("is its own pair, not the generation form's local test key, and a shared one stops the start", async () => {
    const form = await loadAuthorityEnvironments({ securityHeader: { environments: {} } }, { cwd: root });
    const sandbox = await loadHeaderSandbox(root);
    expect(defaultSandboxKeyDir(root)).toBe(path.join(root, ".local", "sandbox-key"));
    const formModuli = form.describe().map((environment) => environment.publicKey.n);
    expect(formModuli).toHaveLength(1);
    expect(formModuli).not.toContain(sandbox.publicKeyModulus);
    expect(() => assertSeparateSandboxKey(sandbox, formModuli)).not.toThrow();

    // The sandbox pointed at the form's folder by mistake: refused.
    const shared = await loadHeaderSandbox(root, path.join(root, ".local", "test-authority"));
    expect(() => assertSeparateSandboxKey(shared, formModuli)).toThrow(/sandbox's key pair is also a key of the generation form/);
  }, 120_000);
});
