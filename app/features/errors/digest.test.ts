import { describe, expect, it } from "vitest";
import { errorDigest, fnv1a32, throwSite } from "./digest";

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
  const hydrating = [
    "Error: Injected rendering fault",
    "    at FaultInjection (https://x/areaOE/assets/root-abc.js:1:200)",
    "    at renderWithHooks (https://x/areaOE/assets/chunk-r.js:3:100)",
    "    at beginWork (https://x/areaOE/assets/chunk-r.js:9:10)",
  ].join("\n");
  const retried = [
    "Error: Injected rendering fault",
    "    at FaultInjection (https://x/areaOE/assets/root-abc.js:1:200)",
    "    at replayFunctionComponent (https://x/areaOE/assets/chunk-r.js:4:50)",
    "    at performUnitOfWork (https://x/areaOE/assets/chunk-r.js:12:7)",
  ].join("\n");

  it("is the same for one fault reached through different framework paths", () => {
    expect(errorDigest("Error: Injected rendering fault", retried)).toBe(
      errorDigest("Error: Injected rendering fault", hydrating),
    );
  });

  it("differs when the same message is thrown somewhere else", () => {
    const elsewhere = hydrating.replace("root-abc.js:1:200", "root-abc.js:1:950");
    expect(errorDigest("Error: Injected rendering fault", elsewhere)).not.toBe(
      errorDigest("Error: Injected rendering fault", hydrating),
    );
  });

  it("reads Firefox and Safari frames too", () => {
    expect(throwSite("FaultInjection@https://x/a.js:1:200\nrender@https://x/r.js:3:1")).toBe(
      "FaultInjection@https://x/a.js:1:200",
    );
  });

  it("depends on both message and stack", () => {
    const base = errorDigest("boom", "at a");
    expect(errorDigest("boom", "at a")).toBe(base);
    expect(errorDigest("boom", "at b")).not.toBe(base);
    expect(errorDigest("bang", "at a")).not.toBe(base);
  });
});
