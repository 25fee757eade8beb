import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { FIRST_HOLIDAY_YEAR, isNonWorkingDay, knowsHolidaysOf, nonWorkingReason, publicHolidays } from "./portuguese-holidays";

/**
 * date-holidays (a maintained holiday library, a development dependency only): its PT `public` holidays,
 * each day once (Easter falls on 25 April in 2038, Corpus Christi on 10 June in 2066 and 2077).
 */
const reference = new Holidays("PT");
function referenceHolidays(year: number): string[] {
  const days = reference
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => holiday.date.slice(0, 10));
  return [...new Set(days)].sort();
}

describe("Portugal's public holidays (Código do Trabalho, art. 234.º, n.º 1)", () => {
  it("are the thirteen mandatory holidays, movable ones included (2026: Easter on 5 April)", () => {
    expect([...publicHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-04-03", // Good Friday
      "2026-04-05", // Easter Sunday
      "2026-04-25",
      "2026-05-01",
      "2026-06-04", // Corpus Christi (Easter + 60)
      "2026-06-10",
      "2026-08-15",
      "2026-10-05",
      "2026-11-01",
      "2026-12-01",
      "2026-12-08",
      "2026-12-25",
    ]);
  });

  it("agree with an independent implementation (date-holidays) in every year it counts but 2013–2015, to 2080", () => {
    const disagreements: string[] = [];
    for (let year = FIRST_HOLIDAY_YEAR; year <= 2080; year += 1) {
      if (year >= 2013 && year <= 2015) continue;
      const ours = [...publicHolidays(year)].sort().join(",");
      if (ours !== referenceHolidays(year).join(",")) disagreements.push(String(year));
    }
    expect(disagreements).toEqual([]);
  });

  it("leave out Corpus Christi, 5 October, 1 November and 1 December in 2013, 2014 and 2015 (Lei n.º 23/2012), which date-holidays does not know", () => {
    const suspended = { 2013: "2013-05-30", 2014: "2014-06-19", 2015: "2015-06-04" } as const;
    for (const year of [2013, 2014, 2015] as const) {
      const days = publicHolidays(year);
      expect(days.size).toBe(9);
      for (const day of [suspended[year], `${year}-10-05`, `${year}-11-01`, `${year}-12-01`]) {
        expect(days.has(day), day).toBe(false);
        expect(referenceHolidays(year)).toContain(day);
      }
      expect(days.has(`${year}-12-08`)).toBe(true);
    }
    // Restored by Lei n.º 8/2016 (in force 2 April 2016): Corpus Christi 2016 is on 26 May.
    expect(publicHolidays(2016).has("2016-05-26")).toBe(true);
    expect(publicHolidays(2012).has("2012-06-07")).toBe(true);
  });

  it("follow Easter from year to year, not Carnival nor Easter Monday", () => {
    const days = publicHolidays(2027);
    expect(days.has("2027-03-26")).toBe(true); // Good Friday
    expect(days.has("2027-05-27")).toBe(true); // Corpus Christi
    expect(days.has("2027-02-09")).toBe(false); // Carnival Tuesday: optional (art. 235.º)
    expect(isNonWorkingDay("2027-03-29")).toBe(false); // Easter Monday is a working day in Portugal
  });

  it("say why a day is not a working day, and refuse a year before the first one they know", () => {
    expect(nonWorkingReason("2025-11-29")).toBe("saturday");
    expect(nonWorkingReason("2025-11-30")).toBe("sunday");
    expect(nonWorkingReason("2025-12-01")).toBe("holiday");
    expect(nonWorkingReason("2014-12-01")).toBeNull(); // a Monday, and no holiday that year
    expect(knowsHolidaysOf(FIRST_HOLIDAY_YEAR - 1)).toBe(false);
    expect(() => publicHolidays(FIRST_HOLIDAY_YEAR - 1)).toThrow(RangeError);
  });
});
