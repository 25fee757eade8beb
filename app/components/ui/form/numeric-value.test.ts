import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NUMERIC_DECIMAL_SEPARATOR,
  NUMERIC_DEFAULT_PRECISION,
  NUMERIC_THOUSANDS_SEPARATOR,
  allowsNegative,
  formatNumericValue,
  parseNumericValue,
} from "./numeric-value";

const ok = (value: number | null) => ({ ok: true, value });
const fail = (code: string, limit?: number) => ({ ok: false, error: limit === undefined ? { code } : { code, limit } });

describe("numeric input defaults", () => {
  it("pins the separators and the default precision", () => {
    expect(NUMERIC_DECIMAL_SEPARATOR).toBe(".");
    expect(NUMERIC_THOUSANDS_SEPARATOR).toBe(",");
    expect(NUMERIC_DEFAULT_PRECISION).toBe(2);
  });
});

describe("parseNumericValue: format", () => {
  it.each([
    ["0", 0],
    ["12", 12],
    ["1234.5", 1234.5],
    ["1,234.56", 1234.56],
    ["1,234,567", 1234567],
    [" 42 ", 42],
    [".5", 0.5],
    ["007", 7],
  ])("reads %j as %d", (text, value) => {
    expect(parseNumericValue(text)).toEqual(ok(value));
  });

  it("reads an empty text as no value", () => {
    expect(parseNumericValue("")).toEqual(ok(null));
    expect(parseNumericValue("   ")).toEqual(ok(null));
  });

  it.each(["abc", "1,23", "1234,56", "12,34.5", "1.2.3", "1.", ".", "-", "1 000", "1e3", "+5", "1,234,56", ",123", "0x10", "١٢"])(
    "refuses %j as badly formatted",
    (text) => {
      expect(parseNumericValue(text, { min: -100 })).toEqual(fail("format"));
    },
  );
});

describe("parseNumericValue: sign", () => {
  it("refuses negatives when no bound permits them", () => {
    expect(parseNumericValue("-1")).toEqual(fail("negative"));
    expect(parseNumericValue("-0")).toEqual(fail("negative"));
    expect(parseNumericValue("-5", { min: 0 })).toEqual(fail("negative"));
    expect(parseNumericValue("-5", { max: 10 })).toEqual(fail("negative"));
  });
  it("accepts negatives when the minimum permits them", () => {
    expect(parseNumericValue("-5", { min: -10 })).toEqual(ok(-5));
    expect(parseNumericValue("-1,000.5", { exclusiveMin: -2000 })).toEqual(ok(-1000.5));
    expect(parseNumericValue("-0", { min: -1 })).toEqual(ok(0));
    expect(allowsNegative({ min: -0.01 })).toBe(true);
    expect(allowsNegative({ min: 0, exclusiveMin: 0 })).toBe(false);
  });
});

describe("parseNumericValue: precision", () => {
  it("refuses more fraction digits than the precision", () => {
    expect(parseNumericValue("1.234")).toEqual(fail("precision", 2));
    expect(parseNumericValue("1.23")).toEqual(ok(1.23));
    expect(parseNumericValue("1.5", { precision: 0 })).toEqual(fail("precision", 0));
    expect(parseNumericValue("1.0", { precision: 0 })).toEqual(fail("precision", 0));
    expect(parseNumericValue("1.2345", { precision: 4 })).toEqual(ok(1.2345));
    expect(parseNumericValue("1.500", { precision: 2 })).toEqual(fail("precision", 2));
  });
  it("refuses numbers longer than a double holds", () => {
    expect(parseNumericValue("1234567890123456", { precision: 0 })).toEqual(fail("tooLarge"));
    expect(parseNumericValue("123456789012345", { precision: 0 })).toEqual(ok(123456789012345));
  });
});

describe("parseNumericValue: bounds", () => {
  it("applies min and max inclusively", () => {
    expect(parseNumericValue("10", { min: 10, max: 20 })).toEqual(ok(10));
    expect(parseNumericValue("20", { min: 10, max: 20 })).toEqual(ok(20));
    expect(parseNumericValue("9.99", { min: 10, max: 20 })).toEqual(fail("min", 10));
    expect(parseNumericValue("20.01", { min: 10, max: 20 })).toEqual(fail("max", 20));
    expect(parseNumericValue("1,000.00", { max: 1000 })).toEqual(ok(1000));
    expect(parseNumericValue("1,000.01", { max: 1000 })).toEqual(fail("max", 1000));
  });
  it("applies exclusive bounds strictly", () => {
    expect(parseNumericValue("0", { exclusiveMin: 0 })).toEqual(fail("exclusiveMin", 0));
    expect(parseNumericValue("0.01", { exclusiveMin: 0 })).toEqual(ok(0.01));
    expect(parseNumericValue("100", { exclusiveMax: 100 })).toEqual(fail("exclusiveMax", 100));
    expect(parseNumericValue("99.99", { exclusiveMax: 100 })).toEqual(ok(99.99));
  });

  it("property: any accepted value lies within every bound given", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.record({ min: fc.option(fc.integer({ min: -500, max: 500 }), { nil: undefined }), max: fc.option(fc.integer({ min: -500, max: 500 }), { nil: undefined }) }),
        (whole, cents, bounds) => {
          const text = `${whole < 0 ? "-" : ""}${Math.abs(whole)}.${String(cents).padStart(2, "0")}`;
          const result = parseNumericValue(text, bounds);
          const value = Number(text);
          if (result.ok) {
            expect(result.value).toBeCloseTo(value, 10);
            if (bounds.min !== undefined) expect(value).toBeGreaterThanOrEqual(bounds.min);
            if (bounds.max !== undefined) expect(value).toBeLessThanOrEqual(bounds.max);
            if (value < 0) expect(allowsNegative(bounds)).toBe(true);
          } else {
            const inside = (bounds.min === undefined || value >= bounds.min) && (bounds.max === undefined || value <= bounds.max) && (value >= 0 || allowsNegative(bounds));
            expect(inside && !(value === 0 && text.startsWith("-"))).toBe(false);
          }
        },
      ),
    );
  });

  it("property: formatting with thousands separators reads back the same value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const value = whole + cents / 100;
        const text = formatNumericValue(value, 2);
        const result = parseNumericValue(text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value).toBeCloseTo(value, 2);
      }),
    );
  });

  it("formats with exactly the precision, never float noise", () => {
    expect(formatNumericValue(1 + 39 / 100, 2)).toBe("1.39");
    expect(formatNumericValue(1000, 2)).toBe("1,000.00");
    expect(formatNumericValue(0.5)).toBe("0.5");
    expect(formatNumericValue(1234567.25)).toBe("1,234,567.25");
  });
});
