// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CALENDAR_FIXED_WEEKS, CALENDAR_MONTHS, CALENDAR_RANGE_MONTHS, CALENDAR_SHOW_OUTSIDE_DAYS, Calendar } from "./calendar";
import { CALENDAR_YEAR_SPAN, calendarYearRange } from "./calendar-range";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

describe("calendar defaults", () => {
  it("pins the calendar defaults: one month, two for ranges, fixed weeks, outside days", () => {
    expect(CALENDAR_MONTHS).toBe(1);
    expect(CALENDAR_RANGE_MONTHS).toBe(2);
    expect(CALENDAR_FIXED_WEEKS).toBe(true);
    expect(CALENDAR_SHOW_OUTSIDE_DAYS).toBe(true);
    expect(CALENDAR_YEAR_SPAN).toBe(100);
  });
});

describe("calendarYearRange", () => {
  it("spans the current century without bounds", () => {
    expect(calendarYearRange(new Date(2026, 5, 1))).toEqual({ startMonth: new Date(2000, 0, 1), endMonth: new Date(2099, 11, 1) });
    expect(calendarYearRange(new Date(2100, 0, 1))).toEqual({ startMonth: new Date(2100, 0, 1), endMonth: new Date(2199, 11, 1) });
    expect(calendarYearRange(new Date(1999, 11, 31))).toEqual({ startMonth: new Date(1900, 0, 1), endMonth: new Date(1999, 11, 1) });
  });
  it("follows the bounds when given", () => {
    expect(calendarYearRange(new Date(2026, 0, 1), { min: new Date(2020, 3, 15), max: new Date(2030, 8, 1) })).toEqual({
      startMonth: new Date(2020, 3, 1),
      endMonth: new Date(2030, 8, 1),
    });
    expect(calendarYearRange(new Date(2026, 0, 1), { min: new Date(2010, 0, 1) }).endMonth).toEqual(new Date(2099, 11, 1));
    expect(calendarYearRange(new Date(2026, 0, 1), { max: new Date(2030, 0, 1) }).startMonth).toEqual(new Date(2000, 0, 1));
    expect(calendarYearRange(new Date(2026, 0, 1), { min: new Date(2150, 0, 1) }).endMonth).toEqual(new Date(2249, 11, 1));
  });
});

describe("<Calendar>", () => {
  it("shows one month of six weeks with outside days and a 100-year picker, weeks from Monday in pt", () => {
    render(withI18n(<Calendar mode="single" defaultMonth={new Date(2026, 1, 1)} />, "pt"));
    const grids = screen.getAllByRole("grid");
    expect(grids).toHaveLength(1);
    expect(within(grids[0]!).getAllByRole("gridcell")).toHaveLength(42); // 6 fixed weeks, outside days included
    expect(grids[0]!.querySelector("thead th")).toHaveAttribute("aria-label", "segunda-feira");
    const first = within(grids[0]!).getAllByRole("gridcell")[0];
    expect(first).toHaveTextContent("26"); // Monday 26 January 2026, shown outside February
    expect(first).toHaveAttribute("data-outside", "true");
    const years = screen.getByRole("combobox", { name: "Escolha o ano" });
    const options = within(years).getAllByRole("option").map((option) => option.textContent);
    const century = Math.floor(new Date().getFullYear() / 100) * 100;
    expect(options).toHaveLength(100);
    expect(options[0]).toBe(String(century));
    expect(options[99]).toBe(String(century + 99));
  });

  it("shows two months for a range and English labels in en", () => {
    render(withI18n(<Calendar mode="range" defaultMonth={new Date(2026, 1, 1)} />, "en"));
    expect(screen.getAllByRole("grid")).toHaveLength(2);
    expect(screen.getAllByRole("combobox", { name: "Choose the Year" }).length).toBeGreaterThan(0);
  });
});
