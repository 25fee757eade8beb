/** Years the calendar's year picker spans: 100, aligned to the current century unless bounds are given. */
export const CALENDAR_YEAR_SPAN = 100;

/**
 * First and last month of the year picker: the 100 years of the current century (in 2026: January 2000
 * to December 2099) unless bounds are given; a bound given on one side only keeps the other side of the
 * century, and a lone bound beyond it sets a 100-year span from that bound.
 */
export function calendarYearRange(today: Date, bounds: { min?: Date; max?: Date } = {}): { startMonth: Date; endMonth: Date } {
  const centuryStart = Math.floor(today.getFullYear() / CALENDAR_YEAR_SPAN) * CALENDAR_YEAR_SPAN;
  let startYear = bounds.min?.getFullYear() ?? centuryStart;
  let endYear = bounds.max?.getFullYear() ?? centuryStart + CALENDAR_YEAR_SPAN - 1;
  if (bounds.min && !bounds.max && endYear < startYear) endYear = startYear + CALENDAR_YEAR_SPAN - 1;
  if (bounds.max && !bounds.min && startYear > endYear) startYear = endYear - CALENDAR_YEAR_SPAN + 1;
  const startMonth = bounds.min ? new Date(bounds.min.getFullYear(), bounds.min.getMonth(), 1) : new Date(startYear, 0, 1);
  const endMonth = bounds.max ? new Date(bounds.max.getFullYear(), bounds.max.getMonth(), 1) : new Date(endYear, 11, 1);
  return { startMonth, endMonth };
}
