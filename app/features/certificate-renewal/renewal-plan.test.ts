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
    expect(renewalPlan(new Date(2026, 2, 31), new Date(2026, 0, 1)).lastDay).toEqual(new Date(2026, 1, 28));
    expect(renewalPlan(new Date(2028, 2, 31), new Date(2026, 0, 1)).lastDay).toEqual(new Date(2028, 1, 29));
  });
  it("counts zero on the last day and negative days once it has passed", () => {
    expect(renewalPlan(new Date(2026, 5, 15), new Date(2026, 4, 15, 23, 59)).daysRemaining).toBe(0);
    const late = renewalPlan(new Date(2026, 5, 15), new Date(2026, 4, 20));
    expect(late.daysRemaining).toBe(-5);
    expect(late.expired).toBe(false);
    expect(renewalPlan(new Date(2026, 5, 15), new Date(2026, 5, 16)).expired).toBe(true);
  });
});
