import { describe, expect, it } from "vitest";
import { DATE_INPUT_FALLBACK_FORMAT, DATE_INPUT_FORMATS, DATE_LOCALES, formatDateValue, parseDateValue } from "./date-value";

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe("date input defaults", () => {
  it("pins the formats and locales", () => {
    expect(DATE_INPUT_FORMATS).toEqual({ pt: "dd/MM/yyyy", en: "dd/MM/yyyy" });
    expect(DATE_INPUT_FALLBACK_FORMAT).toBe("yyyy-MM-dd");
    expect(DATE_LOCALES.pt.code).toBe("pt");
    expect(DATE_LOCALES.en.code).toBe("en-GB");
    expect(DATE_LOCALES.pt.options?.weekStartsOn).toBe(1);
  });
});

describe("parseDateValue", () => {
  for (const lang of ["pt", "en"]) {
    it(`reads the short format and the fallback in ${lang}`, () => {
      expect(parseDateValue("31/12/2026", lang)).toEqual({ ok: true, date: day(2026, 12, 31) });
      expect(parseDateValue(" 3/4/2026 ", lang)).toEqual({ ok: true, date: day(2026, 4, 3) });
      expect(parseDateValue("2026-04-03", lang)).toEqual({ ok: true, date: day(2026, 4, 3) });
      expect(parseDateValue("29/02/2028", lang)).toEqual({ ok: true, date: day(2028, 2, 29) });
    });
    it(`refuses other formats and dates that do not exist in ${lang}`, () => {
      for (const text of ["31-12-2026", "12/31/26", "2026/12/31", "31.12.2026", "amanhã", "2026-4-3", "1/2/26"]) {
        expect(parseDateValue(text, lang), text).toEqual({ ok: false, error: { code: "format" } });
      }
      expect(parseDateValue("31/02/2026", lang)).toEqual({ ok: false, error: { code: "nonexistent", value: "31/02/2026" } });
      expect(parseDateValue("29/02/2027", lang)).toEqual({ ok: false, error: { code: "nonexistent", value: "29/02/2027" } });
      expect(parseDateValue("2026-13-01", lang)).toEqual({ ok: false, error: { code: "nonexistent", value: "2026-13-01" } });
      expect(parseDateValue("00/01/2026", lang)).toEqual({ ok: false, error: { code: "nonexistent", value: "00/01/2026" } });
    });
  }
  it("reads an empty text as no date", () => {
    expect(parseDateValue("  ", "pt")).toEqual({ ok: true, date: null });
  });
  it("applies bounds by day", () => {
    const bounds = { min: new Date(2026, 0, 10, 15, 30), max: day(2026, 1, 20) };
    expect(parseDateValue("10/01/2026", "pt", bounds)).toEqual({ ok: true, date: day(2026, 1, 10) });
    expect(parseDateValue("09/01/2026", "pt", bounds)).toEqual({ ok: false, error: { code: "beforeMin", limit: day(2026, 1, 10) } });
    expect(parseDateValue("21/01/2026", "en", bounds)).toEqual({ ok: false, error: { code: "afterMax", limit: day(2026, 1, 20) } });
  });
  it("formats back in the short format", () => {
    expect(formatDateValue(day(2026, 4, 3), "pt")).toBe("03/04/2026");
    expect(formatDateValue(day(2026, 4, 3), "en")).toBe("03/04/2026");
  });
});
