import { useEffect, useState } from "react";

/**
 * Whole seconds left until `deadlineMs` (0 once passed), re-read from the clock every 250 ms.
 * `clockOffsetMs` corrects the device clock to the portal's (the deadline is in the portal's time).
 * The caller remounts (a `key`) for a new deadline.
 */
export function useCountdown(deadlineMs: number | null, clockOffsetMs = 0): number | null {
  const [remaining, setRemaining] = useState(() => secondsLeft(deadlineMs, Date.now() + clockOffsetMs));
  useEffect(() => {
    if (deadlineMs === null) return;
    // The clock, not a counter: a tab in the background gets its timers throttled.
    const timer = setInterval(() => {
      const left = secondsLeft(deadlineMs, Date.now() + clockOffsetMs);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadlineMs, clockOffsetMs]);
  return remaining;
}

export function secondsLeft(deadlineMs: number | null, now = Date.now()): number | null {
  if (deadlineMs === null) return null;
  return Math.max(0, Math.ceil((deadlineMs - now) / 1000));
}

/** The moments a screen reader hears about (sparingly, not every second): 30 s, 10 s, and expiry. */
export const ANNOUNCED_SECONDS = [30, 10] as const;
