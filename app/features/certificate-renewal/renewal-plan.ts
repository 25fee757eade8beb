import { differenceInCalendarDays, format, startOfDay, subDays, subMonths } from "date-fns";
import { knowsHolidaysOf, nonWorkingReason, type NonWorkingReason } from "~/lib/portuguese-holidays";

/** The renewal must be requested at least this many months before the certificate expires (one). */
export const RENEWAL_NOTICE_MONTHS = 1;

export interface RenewalPlan {
  expiry: Date;
  /**
   * Last day to request the renewal: one month before expiry (date-fns `subMonths`, end-of-month safe),
   * or, when that day the authority is closed (a Saturday, a Sunday, a public holiday), the working day
   * before it: counted back from the expiry, a later day would be less than a month before it.
   */
  lastDay: Date;
  /** The day one month before expiry, when it was not a working day and `lastDay` is earlier. */
  movedFrom?: { day: Date; reason: NonWorkingReason };
  /** Calendar days from today to the last day; negative once it has passed. */
  daysRemaining: number;
  /** The certificate itself has expired. */
  expired: boolean;
}

const iso = (date: Date) => format(date, "yyyy-MM-dd");

/** The working day on or before `day` (a year whose holidays are not known is left as it is). */
function workingDayOnOrBefore(day: Date): { day: Date; reason: NonWorkingReason | null } {
  let current = day;
  let first: NonWorkingReason | null = null;
  while (knowsHolidaysOf(current.getFullYear())) {
    const reason = nonWorkingReason(iso(current));
    if (reason === null) break;
    first ??= reason;
    current = subDays(current, 1);
  }
  return { day: current, reason: first };
}

export function renewalPlan(expiry: Date, today: Date = new Date()): RenewalPlan {
  const day = startOfDay(expiry);
  const monthBefore = subMonths(day, RENEWAL_NOTICE_MONTHS);
  const working = workingDayOnOrBefore(monthBefore);
  return {
    expiry: day,
    lastDay: working.day,
    ...(working.reason ? { movedFrom: { day: monthBefore, reason: working.reason } } : {}),
    daysRemaining: differenceInCalendarDays(working.day, startOfDay(today)),
    expired: differenceInCalendarDays(day, startOfDay(today)) < 0,
  };
}
