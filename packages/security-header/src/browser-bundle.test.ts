// The package's export conditions pick the implementation: "browser" (and default) → WebCrypto +
// @noble/ciphers + forge's jsbn, small and free of Node built-ins; "node" → node:crypto.
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
/** What the form's chunk may weigh (issue 10 aims under 30 KB; it was 55 KB with certificate parsing). */
const MAX_GZIP_BYTES = 30 * 1024;

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
    expect(inputs.filter((path) => path.includes("node-forge")).map((path) => path.replace(/.*node-forge\//, ""))).toEqual(["lib/forge.js", "lib/jsbn.js"]);
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
