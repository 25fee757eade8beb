import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { publicFiles } from "./static-assets";
import { readLocaleChunks } from "./locale-chunks";

function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-client-"));
  mkdirSync(path.join(dir, "diagrams"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "diagrams", "flow.svg"), "<svg/>");
  writeFileSync(path.join(dir, "assets", "entry-abc.js"), "");
  writeFileSync(
    path.join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "app/i18n/locales/pt/common.json": { file: "assets/common-111.js", imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared-222.js" },
    }),
  );
  return dir;
}

describe("publicFiles", () => {
  it("hands only the build's own public files to the static server; pages go straight on", () => {
    const handler = publicFiles(clientDir());
    const next = vi.fn() as unknown as NextFunction;
    for (const page of ["/", "/public/importacao", "/assets/entry-abc.js", "/.vite/manifest.json", "/favicon.svg/x"]) {
      handler({ path: page } as Request, {} as Response, next);
    }
    expect(next).toHaveBeenCalledTimes(5);
  });
});

describe("readLocaleChunks", () => {
  it("gives the chunk of a texts file and what it imports, under the base path", () => {
    const chunks = readLocaleChunks(clientDir());
    expect(chunks?.("app/i18n/locales/pt/common.json")).toEqual(["/areaOE/assets/common-111.js", "/areaOE/assets/shared-222.js"]);
    expect(chunks?.("app/i18n/locales/en/common.json")).toEqual([]);
  });

  it("without a manifest there is nothing to preload", () => {
    expect(readLocaleChunks(mkdtempSync(path.join(tmpdir(), "areaoe-empty-")))).toBeUndefined();
  });
});
