import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One text mechanism on both sides: the small `t` (app/i18n/small-t.ts) reads the texts on the server
 * and in the browser. i18next stays a development dependency, as the reference small-t.test.ts compares
 * every text with; no build output may contain or import it. Its logger prefix and react-i18next's
 * warning codes survive minification, so a chunk holding either library contains one of these strings.
 */
const MARKERS = ["i18next:", "NO_I18NEXT_INSTANCE", "react-i18next"];
const IMPORTS = /\bfrom\s*["'](?:react-)?i18next["']|\bimport\(\s*["'](?:react-)?i18next["']\s*\)/;
const CLIENT = path.resolve("build/client/assets");
const SERVER = path.resolve("build/server");

function scripts(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
}

describe("i18next", () => {
  it.skipIf(!existsSync(CLIENT))("is in no client chunk (skipped: no build/client, run npm run build)", () => {
    const chunks = scripts(CLIENT);
    expect(chunks.length).toBeGreaterThan(0);
    const offending = chunks.filter((file) => {
      const code = readFileSync(path.join(CLIENT, file), "utf8");
      return MARKERS.some((marker) => code.includes(marker)) || IMPORTS.test(code);
    });
    expect(offending).toEqual([]);
  });

  it.skipIf(!existsSync(SERVER))("is neither bundled nor imported by the server build (skipped: no build/server)", () => {
    const files = scripts(SERVER);
    expect(files.length).toBeGreaterThan(0);
    const offending = files.filter((file) => {
      const code = readFileSync(path.join(SERVER, file), "utf8");
      return MARKERS.some((marker) => code.includes(marker)) || IMPORTS.test(code);
    });
    expect(offending).toEqual([]);
  });

  it("is not a production dependency", () => {
    const manifest = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => name.includes("i18next"))).toEqual([]);
  });

  it("the markers and the import pattern do find the library", () => {
    const i18next = readFileSync(path.resolve("node_modules/i18next/dist/esm/i18next.js"), "utf8");
    expect(MARKERS.some((marker) => i18next.includes(marker))).toBe(true);
    expect(IMPORTS.test('import i18next from "i18next";')).toBe(true);
    expect(IMPORTS.test('const m = await import("react-i18next");')).toBe(true);
  });
});
