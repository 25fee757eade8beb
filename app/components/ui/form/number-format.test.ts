import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_LOCALES, NUMERIC_SEPARATORS_BY_LANGUAGE, formatMoney, numericSeparators } from "./number-format";
import { NUMERIC_DEFAULT_SEPARATORS, formatNumericValue, parseNumericValue } from "./numeric-value";

const LANGUAGES = ["pt", "en"] as const;
const NBSP = "\u00A0";

/** Cents between 0 and 10^13 euros: whole cents, so the value is exact to 2 decimals. */
const cents = fc.integer({ min: 0, max: 10 ** 15 - 1 });

describe("separators per language", () => {
  it("pt reads ',' for decimals and '.' or a space between thousands; en keeps the kit's defaults", () => {
    expect(numericSeparators("pt")).toEqual({ decimal: ",", thousands: [".", " ", NBSP, "\u202F"] });
    expect(numericSeparators("en")).toBe(NUMERIC_DEFAULT_SEPARATORS);
    expect(numericSeparators("fr")).toBe(NUMERIC_SEPARATORS_BY_LANGUAGE.pt);
  });
  it.each([
    ["850,50", 850.5],
    ["1000,00", 1000],
    ["1.000,00", 1000],
    ["1 000,00", 1000],
    [`1${NBSP}000,00`, 1000],
    ["1.234.567,5", 1234567.5],
    [",5", 0.5],
  ])("pt reads %j as %d", (text, value) => {
    expect(parseNumericValue(text, {}, numericSeparators("pt"))).toEqual({ ok: true, value });
  });
  it.each(["850.50", "1,000.00", "1.000 000,00", "1 000.000", "10.00,5", "1.00", "1,2,3"])("pt refuses %j as badly formatted", (text) => {
    expect(parseNumericValue(text, {}, numericSeparators("pt"))).toEqual({ ok: false, error: { code: "format" } });
  });
  it("en refuses the Portuguese decimal comma", () => {
    expect(parseNumericValue("850,50", {}, numericSeparators("en"))).toEqual({ ok: false, error: { code: "format" } });
  });
  it("writes numbers with the language's separators", () => {
    expect(formatNumericValue(1234567.5, 2, numericSeparators("pt"))).toBe("1.234.567,50");
    expect(formatNumericValue(1234567.5, 2, numericSeparators("en"))).toBe("1,234,567.50");
  });
  it("refuses separators that cannot be told apart", () => {
    expect(() => parseNumericValue("1", {}, { decimal: ",", thousands: [","] })).toThrow(/Unusable numeric separators/);
    expect(() => parseNumericValue("1", {}, { decimal: "1", thousands: [" "] })).toThrow(/Unusable numeric separators/);
  });
});

describe("formatMoney", () => {
  it("writes euros the way each language does (pt-PT does not group four digits)", () => {
    expect(formatMoney(1000, "pt")).toBe(`1000,00${NBSP}€`);
    expect(formatMoney(12345.5, "pt")).toBe(`12${NBSP}345,50${NBSP}€`);
    expect(formatMoney(1000, "en")).toBe("€1,000.00");
    expect(formatMoney(1000, "en", { fractionDigits: 0 })).toBe("€1,000");
    expect(formatMoney(1000, "pt", { fractionDigits: 0 })).toBe(`1000${NBSP}€`);
  });
});

describe.each(LANGUAGES)("properties (%s)", (lang) => {
  const separators = numericSeparators(lang);

  it("format → parse gives the value back (the kit's writing and Intl's)", () => {
    const intl = new Intl.NumberFormat(NUMBER_LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(cents, (amount) => {
        const value = amount / 100;
        for (const text of [formatNumericValue(value, 2, separators), intl.format(value)]) {
          const result = parseNumericValue(text, { min: 0 }, separators);
          expect(result).toEqual({ ok: true, value });
        }
      }),
    );
  });

  it("any value within the bounds is accepted, any value outside refused with the bound crossed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (a, b, amount) => {
          const [min, max] = [Math.min(a, b) / 100, Math.max(a, b) / 100];
          const value = amount / 100;
          const result = parseNumericValue(formatNumericValue(value, 2, separators), { min, max }, separators);
          if (value < 0 && min >= 0) expect(result).toEqual({ ok: false, error: { code: "negative" } });
          else if (value < min) expect(result).toEqual({ ok: false, error: { code: "min", limit: min } });
          else if (value > max) expect(result).toEqual({ ok: false, error: { code: "max", limit: max } });
          else expect(result).toEqual({ ok: true, value });
        },
      ),
    );
  });
});

describe("property: both thousands separators in pt", () => {
  it("'.' and a space (plain or no-break) read the same number; mixing them is refused", () => {
    const pt = numericSeparators("pt");
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), (whole, fraction) => {
        const withDots = formatNumericValue(whole + fraction / 100, 2, pt);
        const value = whole + fraction / 100;
        for (const separator of [".", " ", NBSP, "\u202F"]) {
          expect(parseNumericValue(withDots.replaceAll(".", separator), {}, pt)).toEqual({ ok: true, value });
        }
        const mixed = withDots.replace(".", " ");
        if (mixed.split(/[. ]/).length > 2 && mixed.includes(".")) {
          expect(parseNumericValue(mixed, {}, pt)).toEqual({ ok: false, error: { code: "format" } });
        }
      }),
    );
  });
});
