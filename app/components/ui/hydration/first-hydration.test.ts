import { describe, expect, it, vi } from "vitest";

describe("first hydration", () => {
  it("nothing waits when no hydration was started; afterwards waiters resolve once it is marked", async () => {
    vi.resetModules();
    const hydration = await import("./first-hydration");
    expect(hydration.isFirstHydrationPending()).toBe(false);
    await hydration.afterFirstHydration();
    hydration.startFirstHydration();
    expect(hydration.isFirstHydrationPending()).toBe(true);
    let resolved = false;
    const waiting = hydration.afterFirstHydration().then(() => {
      resolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    hydration.markFirstHydration();
    await waiting;
    expect(resolved).toBe(true);
    expect(hydration.isFirstHydrationPending()).toBe(false);
  });

  it("never waits forever when the root's effect does not run", async () => {
    vi.useFakeTimers();
    try {
      vi.resetModules();
      const hydration = await import("./first-hydration");
      hydration.startFirstHydration();
      vi.advanceTimersByTime(5_000);
      expect(hydration.isFirstHydrationPending()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
