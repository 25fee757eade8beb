import { describe, expect, it } from "vitest";
import { chunkLoadErrorFrom, ChunkLoadError, isChunkLoadError } from "./chunk-load-error";

const ORIGIN = "https://portal.example";

describe("ChunkLoadError", () => {
  it("is recognised, and other errors are not", () => {
    expect(isChunkLoadError(new ChunkLoadError("/areaOE/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError(undefined))).toBe(true);
    expect(isChunkLoadError(new Error("x"))).toBe(false);
    expect(isChunkLoadError("ChunkLoadError")).toBe(false);
  });

  it("takes the chunk's address from the browser's message (Chromium, Firefox)", () => {
    const chromium = new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/areaOE/assets/transit-DwBOyg2e.js`);
    const error = chunkLoadErrorFrom(chromium, ORIGIN);
    expect(error.moduleUrl).toBe(`${ORIGIN}/areaOE/assets/transit-DwBOyg2e.js`);
    expect(error.cause).toBe(chromium);
    const firefox = new TypeError(`error loading dynamically imported module: ${ORIGIN}/areaOE/assets/a-1.js`);
    expect(chunkLoadErrorFrom(firefox, ORIGIN).moduleUrl).toBe(`${ORIGIN}/areaOE/assets/a-1.js`);
  });

  it("has no address when the browser names none (Safari) or names another origin", () => {
    expect(chunkLoadErrorFrom(new TypeError("Importing a module script failed."), ORIGIN).moduleUrl).toBeUndefined();
    const foreign = new TypeError("Failed to fetch dynamically imported module: https://elsewhere.example/x.js");
    expect(chunkLoadErrorFrom(foreign, ORIGIN).moduleUrl).toBeUndefined();
  });

  it("keeps a ChunkLoadError as it is", () => {
    const error = new ChunkLoadError("/areaOE/assets/a.js");
    expect(chunkLoadErrorFrom(error, ORIGIN)).toBe(error);
  });
});
