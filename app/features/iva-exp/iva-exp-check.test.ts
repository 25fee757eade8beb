import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_LOCALES, numericSeparators } from "../../components/ui/number-format";
import { formatNumericValue } from "../../components/ui/numeric-value";
import { checkIvaExpValue, readIvaExpCheck } from "./iva-exp-check";

const url = (query: string) => new URL(`http://localhost/areaOE/public/ivaExp${query}`);

describe("checkIvaExpValue", () => {
  it.each([
    ["pt", "850,50", 850.5, true],
    ["pt", "1000,00", 1000, true],
    ["pt", "1.000,00", 1000, true],
    ["pt", "1 000,00", 1000, true],
    ["pt", "1000,01", 1000.01, false],
    ["en", "850.50", 850.5, true],
    ["en", "1,000.00", 1000, true],
    ["en", "1000.01", 1000.01, false],
  ])("%s reads %j as %d (within: %s)", (lang, text, value, within) => {
    expect(checkIvaExpValue(text, lang)).toEqual({ kind: "verdict", value, within });
  });
  it("refuses the other language's writing, negatives, more than 2 decimals and an empty value", () => {
    expect(checkIvaExpValue("850.50", "pt")).toEqual({ kind: "invalid", error: { code: "format" } });
    expect(checkIvaExpValue("850,50", "en")).toEqual({ kind: "invalid", error: { code: "format" } });
    expect(checkIvaExpValue("-5", "pt")).toEqual({ kind: "invalid", error: { code: "negative" } });
    expect(checkIvaExpValue("10,999", "pt")).toEqual({ kind: "invalid", error: { code: "precision", limit: 2 } });
    expect(checkIvaExpValue("  ", "en")).toEqual({ kind: "mandatory" });
  });
});

describe("readIvaExpCheck", () => {
  it("has no answer before the form is sent", () => {
    expect(readIvaExpCheck(url(""), "pt")).toEqual({ text: "", answer: null, lang: "pt" });
  });
  it("reads the value in the language sent with it, else the page's", () => {
    expect(readIvaExpCheck(url("?valor=850%2C50&lang=pt"), "en")).toEqual({
      text: "850,50",
      answer: { kind: "verdict", value: 850.5, within: true },
      lang: "pt",
    });
    expect(readIvaExpCheck(url("?valor=850%2C50"), "en").answer).toEqual({ kind: "invalid", error: { code: "format" } });
    expect(readIvaExpCheck(url("?valor=850%2C50&lang=xx"), "pt").answer).toEqual({ kind: "verdict", value: 850.5, within: true });
    expect(readIvaExpCheck(url("?valor="), "pt").answer).toEqual({ kind: "mandatory" });
  });
});

describe.each(["pt", "en"] as const)("IVAExp rules, properties (%s)", (lang) => {
  const separators = numericSeparators(lang);
  const intl = new Intl.NumberFormat(NUMBER_LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it("any value from 0 to 1,000.00 is within, written by the kit or by Intl", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (cents) => {
        const value = cents / 100;
        for (const text of [formatNumericValue(value, 2, separators), intl.format(value)]) {
          expect(checkIvaExpValue(text, lang)).toEqual({ kind: "verdict", value, within: true });
        }
      }),
    );
  });

  it("any value above 1,000.00 is over", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_001, max: 10 ** 14 }), (cents) => {
        const value = cents / 100;
        expect(checkIvaExpValue(intl.format(value), lang)).toEqual({ kind: "verdict", value, within: false });
      }),
    );
  });

  it("any negative value, or one with more than 2 decimals, is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        expect(checkIvaExpValue(`-${formatNumericValue(cents / 100, 2, separators)}`, lang)).toEqual({
          kind: "invalid",
          error: { code: "negative" },
        });
        expect(checkIvaExpValue(`${formatNumericValue(cents / 100, 2, separators)}${extra}`, lang)).toEqual({
          kind: "invalid",
          error: { code: "precision", limit: 2 },
        });
      }),
    );
  });
});
