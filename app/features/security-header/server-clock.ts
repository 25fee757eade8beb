import { SANDBOX_PATHS } from "~/config/sandbox-paths";

/** Below this, a device's clock is close enough not to mention (the authority allows 1 minute). */
export const CLOCK_NOTICE_THRESHOLD_MS = 2_000;
const TIME_REQUEST_TIMEOUT_MS = 5_000;

/**
 * The device clock's offset from the portal's (server time − device time, in ms): the server's
 * `now` is compared with the midpoint of the request's round trip, which halves the network's error.
 * Rejects when the portal cannot be reached or answers something else.
 */
export async function measureClockOffset(
  fetchTime: typeof fetch = fetch,
  deviceNow: () => number = Date.now,
): Promise<number> {
  const sentAt = deviceNow();
  const response = await fetchTime(SANDBOX_PATHS.time, {
    cache: "no-store",
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(TIME_REQUEST_TIMEOUT_MS),
  });
  const receivedAt = deviceNow();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  const serverNow = typeof body === "object" && body !== null ? (body as { now?: unknown }).now : undefined;
  if (typeof serverNow !== "number" || !Number.isFinite(serverNow)) throw new Error("no number `now`");
  return Math.round(serverNow - (sentAt + receivedAt) / 2);
}

export type ClockReading = { status: "measuring" } | { status: "measured"; offsetMs: number } | { status: "unavailable" };

/** The offset to apply to the device clock: 0 until measured, and when the portal cannot be reached. */
export function offsetOf(reading: ClockReading): number {
  return reading.status === "measured" ? reading.offsetMs : 0;
}

/** Whole seconds to tell the visitor about, or null when the clock is close enough. */
export function noticeableOffsetSeconds(reading: ClockReading): number | null {
  if (reading.status !== "measured" || Math.abs(reading.offsetMs) <= CLOCK_NOTICE_THRESHOLD_MS) return null;
  return Math.round(reading.offsetMs / 1000);
}
