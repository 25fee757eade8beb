import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { publicFiles } from "./static-assets";
import { readIslandAssets } from "./island-assets";

function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-client-"));
  mkdirSync(path.join(dir, "diagrams"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "diagrams", "flow.svg"), "<svg/>");
  writeFileSync(path.join(dir, "assets", "entry-abc.js"), "");
  writeFileSync(path.join(dir, "assets", "island-loader.client-333.js"), 'startIslands("areaoe-islands");\n');
  writeFileSync(
    path.join(dir, ".vite", "islands-manifest.json"),
    JSON.stringify({
      "app/islands/header-check.island.tsx": { file: "assets/islands/header-check.island-111.js", imports: ["_react.js"] },
      "app/islands/island-loader.client.ts": { file: "assets/island-loader.client-333.js" },
      "_react.js": { file: "assets/islands/react-222.js" },
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

describe("readIslandAssets", () => {
  it("gives the chunk of an island and what it imports, under the base path, and the loader as built", () => {
    const assets = readIslandAssets(clientDir());
    expect(assets?.chunks("app/islands/header-check.island.tsx")).toEqual(["/areaOE/assets/islands/header-check.island-111.js", "/areaOE/assets/islands/react-222.js"]);
    expect(assets?.chunks("app/islands/no-such.island.tsx")).toEqual([]);
    expect(assets?.loader).toBe('startIslands("areaoe-islands");');
  });

  it("without a manifest (development) gives nothing; a manifest without the loader stops the start", () => {
    expect(readIslandAssets(mkdtempSync(path.join(tmpdir(), "areaoe-empty-")))).toBeUndefined();
    const broken = clientDir();
    writeFileSync(path.join(broken, ".vite", "islands-manifest.json"), "{}");
    expect(() => readIslandAssets(broken)).toThrow(/has no app\/islands\/island-loader\.client\.ts/);
  });
});
