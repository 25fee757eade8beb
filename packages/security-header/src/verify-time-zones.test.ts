import { describe, expect, it } from "vitest";
import { formatUtcOffset, offsetMinutes, utcOffsetsInForce } from "./verify-time-zones.js";

describe("UTC offsets in force", () => {
  it("reads ICU's offset names, with either minus sign, and nothing else", () => {
    expect(offsetMinutes("GMT")).toBe(0);
    expect(offsetMinutes("GMT+05:30")).toBe(330);
    expect(offsetMinutes("GMT-03:30")).toBe(-210);
    expect(offsetMinutes("GMT\u221210:00")).toBe(-600);
    // A sign is + or a minus, never another character (the class once spanned '+' to U+2212: digits too).
    expect(offsetMinutes("GMT505:00")).toBeNull();
    expect(offsetMinutes("GMT*05:00")).toBeNull();
    expect(offsetMinutes("CET")).toBeNull();
  });

  it("holds every whole hour and the half and three-quarter hours in force (India, Nepal)", () => {
    const offsets = utcOffsetsInForce(new Date("2026-11-23T10:00:00Z"));
    for (const minutes of [-720, 0, 840, 330, 345]) expect(offsets.has(minutes), formatUtcOffset(minutes)).toBe(true);
    expect(offsets.has(17)).toBe(false);
  });
});
