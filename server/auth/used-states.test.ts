import { describe, expect, it } from "vitest";
import { usedStates } from "./used-states";

describe("usedStates", () => {
  it("accepts a state once until it expires, and fails closed when full of unexpired states", () => {
    let time = 0;
    const states = usedStates({ maxEntries: 2, now: () => time });
    expect(states.claim("a", 600_000)).toBe(true);
    expect(states.claim("a", 600_000)).toBe(false);
    expect(states.claim("b", 600_000)).toBe(true);
    expect(states.claim("c", 600_000)).toBe(false); // full: refused rather than forgetting "a"
    time = 600_000;
    expect(states.claim("c", 1_200_000)).toBe(true); // "a" and "b" expired and were dropped
    expect(states.size).toBe(1);
  });
});
