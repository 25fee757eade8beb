import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCreated, HEADER_VALIDITY_MS, SecurityHeaderError } from "./index.js";

const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MIN = Date.parse("0000-01-01T00:00:00.000Z");
const MAX = Date.parse("9999-12-31T23:59:59.999Z");

describe("formatCreated", () => {
  it("formats UTC with exactly three fraction digits and a literal Z", () => {
    expect(formatCreated(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("2026-01-02T03:04:05.006Z");
    expect(formatCreated(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 0)))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("for any date in years 0000..9999: matches the format and parses back to the same instant", () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN, max: MAX }), (time) => {
        const text = formatCreated(new Date(time));
        expect(text).toMatch(CREATED);
        expect(new Date(text).getTime()).toBe(time);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses dates it cannot express, and invalid dates, with INVALID_DATE", () => {
    const outside = fc.oneof(
      fc.integer({ min: -8.64e15, max: MIN - 1 }),
      fc.integer({ min: MAX + 1, max: 8.64e15 }),
      fc.constant(Number.NaN),
    );
    fc.assert(
      fc.property(outside, (time) => {
        expect(() => formatCreated(new Date(time))).toThrow(SecurityHeaderError);
        try {
          formatCreated(new Date(time));
        } catch (error) {
          expect((error as SecurityHeaderError).code).toBe("INVALID_DATE");
        }
      }),
    );
    expect(() => formatCreated("2026-01-01" as unknown as Date)).toThrow(/not a valid Date/);
  });

  it("validity window is one minute", () => {
    expect(HEADER_VALIDITY_MS).toBe(60_000);
  });
});
