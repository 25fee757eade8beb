import { describe, expect, it } from "vitest";
import { errorDigest, fnv1a32 } from "./digest";

describe("fnv1a32", () => {
  // Reference vectors of the FNV-1a 32-bit hash (Fowler, Noll, Vo; draft-eastlake-fnv).
  it.each([
    ["", "811c9dc5"],
    ["a", "e40c292c"],
    ["foobar", "bf9cf968"],
  ])("hashes %j to %s", (input, expected) => {
    expect(fnv1a32(input)).toBe(expected);
  });

  it("hashes UTF-8 bytes, not UTF-16 code units", () => {
    expect(fnv1a32("ç")).not.toBe(fnv1a32("\u00e7".normalize("NFD")));
    expect(fnv1a32("ç")).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe("errorDigest", () => {
  it("depends on both message and stack", () => {
    const base = errorDigest("boom", "at a");
    expect(errorDigest("boom", "at a")).toBe(base);
    expect(errorDigest("boom", "at b")).not.toBe(base);
    expect(errorDigest("bang", "at a")).not.toBe(base);
  });
});
