import { addDays, addHours, addMinutes, addMonths, addYears, format, parseISO, startOfHour } from "date-fns";
import { TZDate } from "@date-fns/tz";
import type { CountingRule, TimeLimitDayType, TimeLimitUnit } from "./time-limit-schema";
import { isNonWorkingDay } from "~/lib/portuguese-holidays";

/** "The last day" is a day in Portugal's mainland time (the calculator says so). */
export const DEADLINE_TIME_ZONE = "Europe/Lisbon";

export interface DeadlineRule {
  duration: number;
  unit: TimeLimitUnit;
  dayType: TimeLimitDayType | null;
  counting: CountingRule;
}

/** The event, as a day (`yyyy-MM-dd`) and, where hours count, a time (`HH:mm`), in Lisbon time. */
export interface DeadlineEvent {
  day: string;
  time?: string;
}

/** What the computation did, in order: the page states each step with the rule's article. */
export type DeadlineStep =
  | { kind: "eventDayExcluded" }
  | { kind: "eventHourExcluded" }
  | { kind: "workingDaysCounted" }
  | { kind: "calendarDaysCounted" }
  | { kind: "weekendsAndHolidaysSuspended" }
  | { kind: "overSixMonthsCalendarDays" }
  | { kind: "hoursAsDays"; hours: number; days: number }
  | { kind: "daysAsWeeks"; days: number; weeks: number }
  | { kind: "correspondingDay" }
  | { kind: "monthEndClamped" }
  | { kind: "movedToWorkingDay"; from: string; to: string }
  | { kind: "twoWorkingDays"; to: string }
  | { kind: "byTheClock" };

export type Deadline =
  /** The time limit ends at the end of `lastDay` (24:00 in Lisbon). */
  | { kind: "day"; lastDay: string; steps: DeadlineStep[] }
  /** The time limit ends at `time` on `day` (Lisbon). */
  | { kind: "instant"; day: string; time: string; steps: DeadlineStep[] }
  /** The rule gives no way to compute it (the page says why). */
  | { kind: "unsupported"; reason: "cpa-months" | "cpa-hours" | "needs-time" };

const ISO_DAY = "yyyy-MM-dd";

function dayOf(date: Date): string {
  return format(date, ISO_DAY);
}

function nextDay(day: string): string {
  return dayOf(addDays(parseISO(day), 1));
}

/** The first working day on or after `day`. */
function workingDayFrom(day: string): string {
  let current = day;
  while (isNonWorkingDay(current)) current = nextDay(current);
  return current;
}

/** The n-th working day after `day` (the day itself not counted). */
function addWorkingDays(day: string, count: number): string {
  let current = day;
  for (let counted = 0; counted < count; ) {
    current = nextDay(current);
    if (!isNonWorkingDay(current)) counted += 1;
  }
  return current;
}

/** Working days in the period from the day after `event` to `end`, both included. */
function workingDaysBetween(event: string, end: string): number {
  let count = 0;
  for (let current = nextDay(event); current <= end; current = nextDay(current)) if (!isNonWorkingDay(current)) count += 1;
  return count;
}

/** A period in months or years from `day`: the same date in the last month, or that month's last day. */
function addCalendarPeriod(day: string, duration: number, unit: "months" | "years", steps: DeadlineStep[]): string {
  const start = parseISO(day);
  const end = unit === "months" ? addMonths(start, duration) : addYears(start, duration);
  steps.push({ kind: "correspondingDay" });
  if (end.getDate() !== start.getDate()) steps.push({ kind: "monthEndClamped" });
  return dayOf(end);
}

/** A period ending on a day that is not a working day ends on the next working day. */
function moveToWorkingDay(end: string, steps: DeadlineStep[]): string {
  const moved = workingDayFrom(end);
  if (moved !== end) steps.push({ kind: "movedToWorkingDay", from: end, to: moved });
  return moved;
}

/** The instant of a Lisbon day (`yyyy-MM-dd`) and time (`HH:mm`). */
export function lisbonTime(day: string, time: string): TZDate {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return new TZDate(year, month - 1, date, hour, minute, DEADLINE_TIME_ZONE);
}

function lisbonInstant(event: DeadlineEvent): TZDate | undefined {
  return event.time ? lisbonTime(event.day, event.time) : undefined;
}

function instantDeadline(end: Date, steps: DeadlineStep[]): Deadline {
  const local = new TZDate(end.getTime(), DEADLINE_TIME_ZONE);
  return { kind: "instant", day: format(local, ISO_DAY), time: format(local, "HH:mm"), steps };
}

/**
 * Regulation (EEC, Euratom) No 1182/71, article 3 (with article 2: working days are all days but
 * public holidays, Sundays and Saturdays; public holidays are those of the Member State where the act
 * is to be done, here Portugal):
 * (1) the hour, or the day, of the event is not counted; (2) a period in hours ends with the last hour,
 * in days with the last day, in months or years on the same date as the event's day, or the last day
 * of the last month when it has no such date; (3) periods include public holidays, Sundays and
 * Saturdays unless expressed in working days; (4) a period expressed otherwise than in hours whose last
 * day is a public holiday, Sunday or Saturday ends at the end of the following working day; (5) any
 * period of two days or more includes at least two working days.
 */
function euDeadline(rule: DeadlineRule, event: DeadlineEvent): Deadline {
  const steps: DeadlineStep[] = [];
  if (rule.unit === "hours" || rule.unit === "minutes") {
    const at = lisbonInstant(event);
    if (!at) return { kind: "unsupported", reason: "needs-time" };
    if (rule.unit === "minutes") return instantDeadline(addMinutes(at, rule.duration), [{ kind: "byTheClock" }]);
    steps.push({ kind: "eventHourExcluded" });
    return instantDeadline(addHours(addHours(startOfHour(at), 1), rule.duration), steps);
  }
  steps.push({ kind: "eventDayExcluded" });
  let end: string;
  if (rule.unit === "days" && rule.dayType === "working") {
    steps.push({ kind: "workingDaysCounted" });
    return { kind: "day", lastDay: addWorkingDays(event.day, rule.duration), steps };
  }
  if (rule.unit === "days") {
    steps.push({ kind: "calendarDaysCounted" });
    end = dayOf(addDays(parseISO(event.day), rule.duration));
  } else {
    end = addCalendarPeriod(event.day, rule.duration, rule.unit, steps);
  }
  end = moveToWorkingDay(end, steps);
  if (rule.unit === "days" && rule.duration >= 2) {
    let extended = end;
    while (workingDaysBetween(event.day, extended) < 2) extended = workingDayFrom(nextDay(extended));
    if (extended !== end) {
      steps.push({ kind: "twoWorkingDays", to: extended });
      end = extended;
    }
  }
  return { kind: "day", lastDay: end, steps };
}

/**
 * The Código de Procedimento e de Processo Tributário, art. 20.º, n.º 1: procedure time limits run
 * continuously, counted by the Código Civil, art. 279.º, and one that ends on a day the services are
 * closed (Saturday, Sunday, public holiday) moves to the first working day. Art. 279.º: b) the day, or
 * the hour, of the event is not counted; c) a period in weeks, months or years ends on the day that
 * corresponds to the event's date, or on the last day of the last month when it has none; d) "8 days"
 * and "15 days" are one and two weeks, "24 hours" and "48 hours" one and two days.
 */
function cpptDeadline(rule: DeadlineRule, event: DeadlineEvent): Deadline {
  const steps: DeadlineStep[] = [];
  let { duration, unit } = rule;
  if (unit === "hours" && (duration === 24 || duration === 48)) {
    steps.push({ kind: "hoursAsDays", hours: duration, days: duration / 24 });
    duration /= 24;
    unit = "days";
  }
  if (unit === "hours" || unit === "minutes") {
    const at = lisbonInstant(event);
    if (!at) return { kind: "unsupported", reason: "needs-time" };
    if (unit === "minutes") return instantDeadline(addMinutes(at, duration), [{ kind: "byTheClock" }]);
    steps.push({ kind: "eventHourExcluded" });
    return instantDeadline(addHours(addHours(startOfHour(at), 1), duration), steps);
  }
  steps.push({ kind: "eventDayExcluded" });
  if (unit === "days" && rule.dayType === "working") {
    steps.push({ kind: "workingDaysCounted" });
    return { kind: "day", lastDay: addWorkingDays(event.day, duration), steps };
  }
  let end: string;
  if (unit === "days") {
    steps.push({ kind: "calendarDaysCounted" });
    if (duration === 8 || duration === 15) {
      const weeks = duration === 8 ? 1 : 2;
      steps.push({ kind: "daysAsWeeks", days: duration, weeks });
      duration = weeks * 7;
    }
    end = dayOf(addDays(parseISO(event.day), duration));
  } else {
    end = addCalendarPeriod(event.day, duration, unit, steps);
  }
  return { kind: "day", lastDay: moveToWorkingDay(end, steps), steps };
}

/**
 * The Código do Procedimento Administrativo, art. 87.º: b) the day of the event is not counted; c) the
 * time limit is suspended on Saturdays, Sundays and public holidays; d) but a period the law fixes at
 * more than six months includes them; e) "24 hours" and "48 hours" are one and two days; f) an end on a
 * day the service is closed moves to the first working day. The article gives no rule for where a
 * period in months or years ends, nor for other periods in hours: those are not computed. A period in
 * days is "more than six months" when its days run past the same date six months after the event.
 */
function cpaDeadline(rule: DeadlineRule, event: DeadlineEvent): Deadline {
  const steps: DeadlineStep[] = [];
  let { duration } = rule;
  if (rule.unit === "hours" && (duration === 24 || duration === 48)) {
    steps.push({ kind: "hoursAsDays", hours: duration, days: duration / 24 });
    duration /= 24;
  } else if (rule.unit === "hours" || rule.unit === "minutes") {
    return { kind: "unsupported", reason: "cpa-hours" };
  } else if (rule.unit !== "days") {
    return { kind: "unsupported", reason: "cpa-months" };
  }
  steps.push({ kind: "eventDayExcluded" });
  const start = parseISO(event.day);
  const calendarEnd = addDays(start, duration);
  if (calendarEnd > addMonths(start, 6)) {
    steps.push({ kind: "overSixMonthsCalendarDays" });
    return { kind: "day", lastDay: moveToWorkingDay(dayOf(calendarEnd), steps), steps };
  }
  steps.push({ kind: "weekendsAndHolidaysSuspended" });
  return { kind: "day", lastDay: addWorkingDays(event.day, duration), steps };
}

/** A time limit run by the clock: the event's minute plus the duration. */
function clockDeadline(rule: DeadlineRule, event: DeadlineEvent): Deadline {
  const at = lisbonInstant(event);
  if (!at) return { kind: "unsupported", reason: "needs-time" };
  const end = rule.unit === "minutes" ? addMinutes(at, rule.duration) : addHours(at, rule.duration);
  return instantDeadline(end, [{ kind: "byTheClock" }]);
}

/** The end of a time limit that runs from `event`, by the counting rule that governs it. */
export function computeDeadline(rule: DeadlineRule, event: DeadlineEvent): Deadline {
  switch (rule.counting) {
    case "eu-1182-71":
      return euDeadline(rule, event);
    case "pt-cppt":
      return cpptDeadline(rule, event);
    case "pt-cpa":
      return cpaDeadline(rule, event);
    case "none":
      return clockDeadline(rule, event);
  }
}

/** Whether the event's time is needed (a time limit in hours or minutes counted by the hour). */
export function needsEventTime(rule: Pick<DeadlineRule, "duration" | "unit" | "counting">): boolean {
  if (rule.unit !== "hours" && rule.unit !== "minutes") return false;
  if (rule.counting !== "eu-1182-71" && rule.counting !== "none" && rule.unit === "hours" && (rule.duration === 24 || rule.duration === 48)) return false;
  return true;
}
