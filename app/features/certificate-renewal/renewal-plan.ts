import { differenceInCalendarDays, startOfDay, subMonths } from "date-fns";

/** The renewal must be requested at least this many months before the certificate expires (one). */
export const RENEWAL_NOTICE_MONTHS = 1;

export interface RenewalPlan {
  expiry: Date;
  /** Last day to request the renewal: one month before expiry (date-fns `subMonths`, end-of-month safe). */
  lastDay: Date;
  /** Calendar days from today to the last day; negative once it has passed. */
  daysRemaining: number;
  /** The certificate itself has expired. */
  expired: boolean;
}

export function renewalPlan(expiry: Date, today: Date = new Date()): RenewalPlan {
  const day = startOfDay(expiry);
  const lastDay = subMonths(day, RENEWAL_NOTICE_MONTHS);
  return {
    expiry: day,
    lastDay,
    daysRemaining: differenceInCalendarDays(lastDay, startOfDay(today)),
    expired: differenceInCalendarDays(day, startOfDay(today)) < 0,
  };
}
