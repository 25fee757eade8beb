import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStylesheets } from "./stylesheets";

function clientDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-css-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), text);
  return dir;
}

describe("readStylesheets", () => {
  it("keeps each built stylesheet's bytes by its URL, and nothing else", () => {
    const stylesheet = readStylesheets(clientDirWith({ "portal-abc.css": "p{margin:0}", "root-abc.js": "x" }));
    expect(stylesheet("/areaOE/assets/portal-abc.css")?.toString("utf8")).toBe("p{margin:0}");
    expect(stylesheet("/areaOE/assets/root-abc.js")).toBeUndefined();
    expect(stylesheet("/areaOE/assets/other.css")).toBeUndefined();
  });

  it("refuses, at start, a stylesheet that would end its <style> element early", () => {
    expect(() => readStylesheets(clientDirWith({ "portal-abc.css": 'a::after{content:"</STYLE><script>"}' }))).toThrow(
      /portal-abc\.css contains "<\/style"/,
    );
  });
});
