// The package's export conditions pick the implementation: "browser" (and default) → WebCrypto +
// @noble/ciphers + forge's RSA, free of Node built-ins; "node" → node:crypto.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import * as packageEntry from "@areaoe/security-header";
import * as browserEntry from "./index.js";
import * as nodeEntry from "./index.node.js";
import { generateSecurityHeader as nodeGenerate } from "./header.node.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
/**
 * What the form's chunk may weigh. It was 55 KB with certificate parsing; the aim was under 30 KB,
 * which only a hand-written RSA padding reached (13 KB). The padding is node-forge's own (rsa.js and
 * the modules it requires: 38 KB), because the project writes no cipher or padding of its own.
 */
const MAX_GZIP_BYTES = 40 * 1024;
/** forge's RSA encryption and what rsa.js requires; never its X.509, PEM, PKCS#7 or TLS code. */
const FORGE_RSA_MODULES = ["forge", "jsbn", "baseN", "util", "oids", "asn1", "cipher", "cipherModes", "aes", "md", "sha256", "prng", "random", "sha1", "pkcs1", "prime", "rsa"];

async function bundle(platform: "browser" | "node"): Promise<{ inputs: string[]; metafile: Metafile; code: Uint8Array }> {
  const result = await build({
    stdin: { contents: 'export { generateSecurityHeader, wrapInEnvelope } from "@areaoe/security-header";', resolveDir: ROOT, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return { inputs: Object.keys(result.metafile.inputs), metafile: result.metafile, code: result.outputFiles[0]?.contents ?? new Uint8Array() };
}

describe("export conditions of @areaoe/security-header", () => {
  it("browser: the WebCrypto implementation, no node: import, no certificate parsing, under the size budget", async () => {
    const { inputs, metafile, code } = await bundle("browser");
    expect(inputs.some((path) => path.endsWith("src/header.browser.ts"))).toBe(true);
    expect(inputs.filter((path) => /header\.node|parse-authority-key|verify|node:/.test(path))).toEqual([]);
    const forgeModules = inputs.filter((path) => path.includes("node-forge")).map((path) => path.replace(/.*node-forge\/lib\/(.*)\.js$/, "$1"));
    expect(forgeModules.filter((name) => !FORGE_RSA_MODULES.includes(name))).toEqual([]);
    expect(forgeModules).toContain("rsa");
    for (const output of Object.values(metafile.outputs)) expect(output.imports).toEqual([]);
    expect(gzipSync(code).length).toBeLessThan(MAX_GZIP_BYTES);
  });

  it("node (esbuild, Vite SSR): the node:crypto implementation", async () => {
    const { inputs } = await bundle("node");
    expect(inputs.some((path) => path.endsWith("src/header.node.ts"))).toBe(true);
    expect(inputs.some((path) => path.endsWith("src/header.browser.ts"))).toBe(false);
  });

  it("Vitest resolves the node implementation", () => {
    expect(packageEntry.generateSecurityHeader).toBe(nodeGenerate);
  });

  it("plain Node resolves the compiled node entries", () => {
    const script = 'for (const s of ["@areaoe/security-header", "@areaoe/security-header/node"]) console.log(import.meta.resolve(s));';
    const resolved = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" }).trim().split("\n");
    expect(resolved[0]).toMatch(/packages\/security-header\/dist\/index\.node\.js$/);
    expect(resolved[1]).toMatch(/packages\/security-header\/dist\/node\.js$/);
  });

  it("both entries export the same names", () => {
    expect(Object.keys(nodeEntry).sort()).toEqual(Object.keys(browserEntry).sort());
  });
});
