import { describe, expect, it } from "vitest";
import { memorySharedState } from "../shared-state/shared-state";
import { usedStates } from "./used-states";

describe("usedStates", () => {
  it("accepts a state once until it expires, and fails closed when full of unexpired states", async () => {
    let time = 0;
    const shared = memorySharedState({ maxEntries: 2, now: () => time });
    const states = usedStates(shared);
    expect(await states.claim("a", 600_000)).toBe(true);
    expect(await states.claim("a", 600_000)).toBe(false);
    expect(await states.claim("b", 600_000)).toBe(true);
    expect(await states.claim("c", 600_000)).toBe(false); // full: refused rather than forgetting "a"
    time = 600_000;
    expect(await states.claim("c", 1_200_000)).toBe(true); // "a" and "b" expired and were dropped
    expect(shared.size("used-sign-in-state")).toBe(1);
  });
});
