import { easter } from "date-easter";

/**
 * Portugal's mandatory public holidays (feriados obrigatórios, Código do Trabalho, art. 234.º, n.º 1),
 * year by year, as the law listed them in that year:
 * - 1 January, Good Friday, Easter Sunday, 25 April, 1 May, Corpus Christi (Easter + 60 days), 10 June,
 *   15 August, 5 October, 1 November, 1, 8 and 25 December (Lei n.º 7/2009, and again since Lei
 *   n.º 8/2016, in force from 2 April 2016, before any of the four days it restored that year);
 * - in 2013, 2014 and 2015 without Corpus Christi, 5 October, 1 November and 1 December: Lei n.º 23/2012
 *   took them out of art. 234.º, n.º 1, from 2013 (docs/decisions/0022-portuguese-holidays-from-the-law.md).
 * Carnival (optional, art. 235.º), municipal and regional holidays and the tolerâncias de ponto the
 * Government grants are not counted. Easter comes from `date-easter` (Gauss's algorithm, Gregorian
 * calendar); everything else is the law's list, small enough for the browser (the renewal planner's
 * island answers with it too).
 */

/** The first year whose holidays this module knows (the Código do Trabalho of 2009's first full year). */
export const FIRST_HOLIDAY_YEAR = 2010;
/** The years in which Lei n.º 23/2012 had taken the four holidays out of the list. */
export const SUSPENDED_HOLIDAY_YEARS: readonly number[] = [2013, 2014, 2015];

/** Whether this module can tell the holidays of `year`. */
export function knowsHolidaysOf(year: number): boolean {
  return Number.isInteger(year) && year >= FIRST_HOLIDAY_YEAR;
}

const ISO = (year: number, month: number, day: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** `yyyy-MM-dd` of Easter Sunday plus `offset` days (UTC arithmetic: no time-zone or DST shift). */
function fromEaster(year: number, offset: number): string {
  const sunday = easter(year);
  const day = new Date(Date.UTC(year, sunday.month - 1, sunday.day + offset));
  return ISO(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
}

const byYear = new Map<number, ReadonlySet<string>>();

/** The public holidays of one year, as `yyyy-MM-dd`. A year before FIRST_HOLIDAY_YEAR is refused (RangeError). */
export function publicHolidays(year: number): ReadonlySet<string> {
  if (!knowsHolidaysOf(year)) throw new RangeError(`The public holidays of ${year} are not known (from ${FIRST_HOLIDAY_YEAR} only).`);
  let days = byYear.get(year);
  if (!days) {
    const suspended = SUSPENDED_HOLIDAY_YEARS.includes(year);
    days = new Set([
      ISO(year, 1, 1),
      fromEaster(year, -2), // Good Friday
      fromEaster(year, 0), // Easter Sunday
      ISO(year, 4, 25),
      ISO(year, 5, 1),
      ...(suspended ? [] : [fromEaster(year, 60)]), // Corpus Christi
      ISO(year, 6, 10),
      ISO(year, 8, 15),
      ...(suspended ? [] : [ISO(year, 10, 5), ISO(year, 11, 1), ISO(year, 12, 1)]),
      ISO(year, 12, 8),
      ISO(year, 12, 25),
    ]);
    byYear.set(year, days);
  }
  return days;
}

/** Whether a `yyyy-MM-dd` day is a public holiday in Portugal (RangeError for a year it does not know). */
export function isPublicHoliday(day: string): boolean {
  return publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** Why a day is not a working day: the weekend, or a public holiday; null on a working day. */
export type NonWorkingReason = "saturday" | "sunday" | "holiday";

/** Saturday, Sunday or a public holiday (the days the authority's services are closed), or null. */
export function nonWorkingReason(day: string): NonWorkingReason | null {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  if (weekday === 6) return "saturday";
  if (weekday === 0) return "sunday";
  return isPublicHoliday(day) ? "holiday" : null;
}

/** Saturday, Sunday or a Portuguese public holiday. */
export function isNonWorkingDay(day: string): boolean {
  return nonWorkingReason(day) !== null;
}
