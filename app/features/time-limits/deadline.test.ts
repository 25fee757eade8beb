import { describe, expect, it } from "vitest";
import { computeDeadline, needsEventTime, type DeadlineRule } from "./deadline";

const eu = (duration: number, unit: DeadlineRule["unit"], dayType: DeadlineRule["dayType"] = null): DeadlineRule => ({ duration, unit, dayType, counting: "eu-1182-71" });
const cppt = (duration: number, unit: DeadlineRule["unit"], dayType: DeadlineRule["dayType"] = null): DeadlineRule => ({ duration, unit, dayType, counting: "pt-cppt" });
const cpa = (duration: number, unit: DeadlineRule["unit"], dayType: DeadlineRule["dayType"] = "working"): DeadlineRule => ({ duration, unit, dayType, counting: "pt-cpa" });

function lastDay(rule: DeadlineRule, day: string, time?: string): string {
  const deadline = computeDeadline(rule, { day, time });
  if (deadline.kind === "day") return deadline.lastDay;
  if (deadline.kind === "instant") return `${deadline.day} ${deadline.time}`;
  return deadline.reason;
}

describe("the holidays of the event's year", () => {
  it("count 1 December as a holiday in 2016 but not in 2014, when Lei n.º 23/2012 had taken it out", () => {
    // 10 days from Friday 21 November: Monday 1 December ends the period in 2014; in 2025 (a Monday
    // too, a holiday) it moves to Tuesday 2 December.
    expect(lastDay(eu(10, "days", "calendar"), "2014-11-21")).toBe("2014-12-01");
    expect(lastDay(eu(10, "days", "calendar"), "2025-11-21")).toBe("2025-12-02");
  });

  it("count Corpus Christi as a working day in 2015 (4 June) and as a holiday in 2026 (4 June)", () => {
    expect(lastDay(cppt(5, "days", "working"), "2015-06-01")).toBe("2015-06-08");
    expect(lastDay(cppt(5, "days", "working"), "2026-06-01")).toBe("2026-06-09");
  });
});

describe("Regulation (EEC, Euratom) No 1182/71", () => {
  it("does not count the event's day and counts every calendar day (art. 3(1), (2)(b), (3))", () => {
    expect(lastDay(eu(10, "days", "calendar"), "2026-01-12")).toBe("2026-01-22");
  });

  it("moves an end on a Sunday to the next working day (art. 3(4))", () => {
    const deadline = computeDeadline(eu(10, "days", "calendar"), { day: "2026-01-29" });
    expect(deadline).toMatchObject({ kind: "day", lastDay: "2026-02-09" });
    expect(deadline.kind === "day" && deadline.steps).toContainEqual({ kind: "movedToWorkingDay", from: "2026-02-08", to: "2026-02-09" });
  });

  it("moves an end on Good Friday to the Monday after Easter, and on Corpus Christi to the Friday", () => {
    expect(lastDay(eu(10, "days", "calendar"), "2026-03-24")).toBe("2026-04-06");
    expect(lastDay(eu(10, "days", "calendar"), "2026-05-25")).toBe("2026-06-05");
  });

  it("gives a period of two days or more at least two working days (art. 3(5)), skipping a holiday", () => {
    // Friday + 2 days = Sunday → Monday 30 Nov (art. 3(4)); Sat–Mon holds one working day → Tuesday is
    // 1 December, a holiday → Wednesday 2 December.
    const deadline = computeDeadline(eu(2, "days", "calendar"), { day: "2026-11-27" });
    expect(deadline).toMatchObject({ kind: "day", lastDay: "2026-12-02" });
    expect(deadline.kind === "day" && deadline.steps.map((step) => step.kind)).toEqual([
      "eventDayExcluded",
      "calendarDaysCounted",
      "movedToWorkingDay",
      "twoWorkingDays",
    ]);
  });

  it("counts working days only when the period is expressed in working days", () => {
    // From Wednesday 1 April 2026: Good Friday and the weekends are skipped.
    expect(lastDay(eu(5, "days", "working"), "2026-04-01")).toBe("2026-04-09");
  });

  it("ends a period in months on the same date, or the month's last day: 31 January + 1 month (art. 3(2)(c))", () => {
    // 28 February 2026 is a Saturday: the period ends on Monday 2 March.
    const deadline = computeDeadline(eu(1, "months"), { day: "2026-01-31" });
    expect(deadline).toMatchObject({ kind: "day", lastDay: "2026-03-02" });
    expect(deadline.kind === "day" && deadline.steps.map((step) => step.kind)).toContain("monthEndClamped");
    expect(lastDay(eu(1, "months"), "2028-01-31")).toBe("2028-02-29"); // a leap year, a Tuesday
  });

  it("ends a year counted from 29 February on 28 February", () => {
    expect(lastDay(eu(1, "years"), "2028-02-29")).toBe("2029-02-28");
    expect(lastDay(eu(3, "years"), "2026-03-15")).toBe("2029-03-15");
  });

  it("starts a period in hours at the next hour and runs across midnight (art. 3(1), (2)(a))", () => {
    expect(lastDay(eu(4, "hours"), "2026-11-27", "22:15")).toBe("2026-11-28 03:00");
    expect(lastDay(eu(24, "hours"), "2026-11-27", "23:59")).toBe("2026-11-29 00:00");
    // Hours are real hours: the night clocks go forward (29 March 2026, 01:00 → 02:00) has 23.
    expect(lastDay(eu(24, "hours"), "2026-03-28", "23:30")).toBe("2026-03-30 01:00");
    expect(computeDeadline(eu(4, "hours"), { day: "2026-11-27" })).toEqual({ kind: "unsupported", reason: "needs-time" });
  });
});

describe("CPPT, art. 20.º, with the Código Civil, art. 279.º", () => {
  it("runs continuously and moves an end on a Saturday to the next working day", () => {
    expect(lastDay(cppt(10, "days", "calendar"), "2026-01-14")).toBe("2026-01-26");
  });

  it("takes 8 and 15 days as one and two weeks (art. 279.º, d))", () => {
    expect(lastDay(cppt(15, "days", "calendar"), "2026-01-05")).toBe("2026-01-19");
    expect(lastDay(cppt(8, "days", "calendar"), "2026-01-05")).toBe("2026-01-12");
  });

  it("counts 20 working days past Good Friday and 1 May", () => {
    expect(lastDay(cppt(20, "days", "working"), "2026-04-01")).toBe("2026-04-30");
    expect(lastDay(cppt(20, "days", "working"), "2026-04-15")).toBe("2026-05-14");
  });

  it("ends months on the corresponding day, or the last day of a shorter month (art. 279.º, c))", () => {
    expect(lastDay(cppt(1, "months"), "2028-01-31")).toBe("2028-02-29");
    expect(lastDay(cppt(3, "years"), "2028-02-29")).toBe("2031-02-28");
  });

  it("takes 48 hours as two days (art. 279.º, d)): no time needed", () => {
    expect(needsEventTime(cppt(48, "hours"))).toBe(false);
    expect(lastDay(cppt(48, "hours"), "2026-12-23")).toBe("2026-12-28"); // 25 Dec holiday → Sat → Mon
  });
});

describe("Código do Procedimento Administrativo, art. 87.º", () => {
  it("suspends the period on Saturdays, Sundays and holidays, across Christmas and New Year", () => {
    expect(lastDay(cpa(10, "days"), "2026-12-18")).toBe("2027-01-05");
  });

  it("counts every calendar day of a period fixed at more than six months (art. 87.º, d)), then moves an end on a closed day (f))", () => {
    // 200 days from 2 March 2026 run past 2 September 2026: calendar days, ending on Friday 18 September.
    const long = computeDeadline(cpa(200, "days"), { day: "2026-03-02" });
    expect(long).toMatchObject({ kind: "day", lastDay: "2026-09-18" });
    expect(long.kind === "day" && long.steps.map((step) => step.kind)).toEqual(["eventDayExcluded", "overSixMonthsCalendarDays"]);
    // 200 days ending on Sunday 15 November 2026 (from 29 April) move to Monday 16 November.
    expect(lastDay(cpa(200, "days"), "2026-04-29")).toBe("2026-11-16");
    // 180 days from 2 March do not pass 2 September: suspended on weekends and holidays.
    expect(computeDeadline(cpa(180, "days"), { day: "2026-03-02" })).toMatchObject({ steps: [{ kind: "eventDayExcluded" }, { kind: "weekendsAndHolidaysSuspended" }] });
  });

  it("takes 24 hours as one day, and computes no period in months", () => {
    expect(lastDay(cpa(24, "hours", null), "2026-04-02")).toBe("2026-04-06");
    expect(computeDeadline(cpa(2, "months", null), { day: "2026-04-02" })).toEqual({ kind: "unsupported", reason: "cpa-months" });
  });
});

describe("by the clock", () => {
  it("adds the minutes to the event's minute, across midnight", () => {
    expect(lastDay({ duration: 1, unit: "minutes", dayType: null, counting: "none" }, "2026-12-31", "23:59")).toBe("2027-01-01 00:00");
  });
});
