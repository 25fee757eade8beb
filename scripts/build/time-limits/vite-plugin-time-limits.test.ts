import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { timeLimitsPlugin } from "./vite-plugin-time-limits";
import { SAMPLE_TIME_LIMIT } from "../../../app/features/time-limits/sample-time-limit";

const GOOD = SAMPLE_TIME_LIMIT;

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A Vite build of one module that imports the records, from a folder holding `files`. */
async function buildWith(files: Record<string, unknown>): Promise<string> {
  root = mkdtempSync(path.join(tmpdir(), "areaoe-time-limits-"));
  mkdirSync(path.join(root, "content/time-limits"), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, "content/time-limits", name), JSON.stringify(content));
  writeFileSync(path.join(root, "entry.js"), 'export { TIME_LIMITS } from "virtual:areaoe-time-limits";\n');
  const output = await build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [timeLimitsPlugin(root)],
    build: { write: false, lib: { entry: path.join(root, "entry.js"), formats: ["es"] }, minify: false },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !("output" in result)) throw new Error("no build output");
  return result.output[0].code;
}

describe("timeLimitsPlugin", () => {
  it("ships the valid records as plain data, without zod", async () => {
    const code = await buildWith({ "liquidation.json": [GOOD] });
    expect(code).toContain('"settlement-payment"');
    expect(code).not.toMatch(/zod|safeParse/);
  });

  it("fails the build naming the file, the record and the field", async () => {
    await expect(buildWith({ "liquidation.json": [GOOD, { ...GOOD, id: "late", sourceVersion: "2013-02-30" }] })).rejects.toThrow(
      /content\/time-limits\/liquidation\.json, record late \(#1\), field sourceVersion: is not a real calendar date/,
    );
  });
});
