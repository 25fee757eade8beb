// The browser entry must bundle for browsers without Node built-ins, and stay small
// (node-forge is imported by submodule; the whole library alone is ~79 KB gzipped).
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ENTRY = new URL("./index.ts", import.meta.url).pathname;
const MAX_GZIP_BYTES = 64 * 1024;

describe("browser bundle of @areaoe/security-header", () => {
  it("has no node: imports and stays under the size budget", async () => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.startsWith("node:") || path.includes("security-header/src/node"))).toEqual([]);
    expect(inputs.some((path) => path.endsWith("node-forge/lib/index.js"))).toBe(false);
    for (const output of Object.values(result.metafile.outputs)) expect(output.imports).toEqual([]);
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    expect(gzipSync(code).length).toBeLessThan(MAX_GZIP_BYTES);
  });
});
