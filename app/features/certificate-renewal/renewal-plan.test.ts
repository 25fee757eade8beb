import { describe, expect, it } from "vitest";
import { RENEWAL_NOTICE_MONTHS, renewalPlan } from "./renewal-plan";

describe("renewalPlan", () => {
  it("asks for the renewal one month before expiry", () => {
    expect(RENEWAL_NOTICE_MONTHS).toBe(1);
    const plan = renewalPlan(new Date(2026, 11, 31), new Date(2026, 10, 1, 18));
    expect(plan.lastDay).toEqual(new Date(2026, 10, 30));
    expect(plan.daysRemaining).toBe(29);
    expect(plan.expired).toBe(false);
  });
  it("clamps to the end of a shorter month (subMonths)", () => {
    expect(renewalPlan(new Date(2030, 2, 31), new Date(2026, 0, 1)).lastDay).toEqual(new Date(2030, 1, 28));
    expect(renewalPlan(new Date(2028, 2, 31), new Date(2026, 0, 1)).lastDay).toEqual(new Date(2028, 1, 29));
  });

  it("never answers a day the authority is closed: a weekend or a public holiday gives way to the working day before, and says why", () => {
    // One month before 30 December 2025 is Sunday 30 November: Friday 28 November.
    expect(renewalPlan(new Date(2025, 11, 30), new Date(2025, 9, 1))).toMatchObject({
      lastDay: new Date(2025, 10, 28),
      movedFrom: { day: new Date(2025, 10, 30), reason: "sunday" },
      daysRemaining: 58,
    });
    // One month before 31 March 2026 is 28 February (the clamp of the 31st), a Saturday: Friday 27 February.
    expect(renewalPlan(new Date(2026, 2, 31), new Date(2026, 0, 1))).toMatchObject({ lastDay: new Date(2026, 1, 27), movedFrom: { reason: "saturday" } });
    // Monday 1 December 2025 is a public holiday: Friday 28 November.
    expect(renewalPlan(new Date(2026, 0, 1), new Date(2025, 9, 1))).toMatchObject({ lastDay: new Date(2025, 10, 28), movedFrom: { reason: "holiday" } });
    // Monday 1 December 2014 was a working day (Lei n.º 23/2012): no move.
    expect(renewalPlan(new Date(2015, 0, 1), new Date(2014, 9, 1))).not.toHaveProperty("movedFrom");
    expect(renewalPlan(new Date(2015, 0, 1), new Date(2014, 9, 1)).lastDay).toEqual(new Date(2014, 11, 1));
  });
  it("counts zero on the last day and negative days once it has passed", () => {
    expect(renewalPlan(new Date(2026, 5, 15), new Date(2026, 4, 15, 23, 59)).daysRemaining).toBe(0);
    const late = renewalPlan(new Date(2026, 5, 15), new Date(2026, 4, 20));
    expect(late.daysRemaining).toBe(-5);
    expect(late.expired).toBe(false);
    expect(renewalPlan(new Date(2026, 5, 15), new Date(2026, 5, 16)).expired).toBe(true);
  });
});
