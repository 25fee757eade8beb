import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 22: the browser has its own small `t` (app/i18n/small-t.ts); i18next and react-i18next stay on
 * the server. Their logger prefix and react-i18next's warning codes survive minification, so a client
 * chunk holding either library contains one of these strings.
 */
const MARKERS = ["i18next:", "NO_I18NEXT_INSTANCE", "react-i18next"];
const ASSETS = path.resolve("build/client/assets");

describe("the client build", () => {
  it.skipIf(!existsSync(ASSETS))("has no i18next or react-i18next in any chunk (skipped: no build/client, run npm run build)", () => {
    const chunks = readdirSync(ASSETS).filter((file) => file.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(0);
    const offending = chunks.filter((file) => {
      const code = readFileSync(path.join(ASSETS, file), "utf8");
      return MARKERS.some((marker) => code.includes(marker));
    });
    expect(offending).toEqual([]);
  });

  it("the markers do find the libraries themselves", () => {
    const i18next = readFileSync(path.resolve("node_modules/i18next/dist/esm/i18next.js"), "utf8");
    expect(MARKERS.some((marker) => i18next.includes(marker))).toBe(true);
  });
});
