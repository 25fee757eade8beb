/** The CLI's --clock-from: this machine's offset from a server's clock (the portal's GET /areaOE/api/time). */

export const CLOCK_TIMEOUT_MS = 5_000;
/** Offsets up to this are normal network and clock noise: not worth a line on stderr. */
export const CLOCK_REPORT_THRESHOLD_MS = 2_000;

export type ClockReading = { ok: true; offsetMs: number; roundTripMs: number } | { ok: false; reason: string };

/**
 * GETs `url`, which answers `{ "now": <epoch ms> }`, and takes the offset at the midpoint of the round
 * trip (the server read its clock, on average, halfway through). Never throws: failures are a reason.
 */
export async function readServerClock(
  url: string,
  { fetchImpl = fetch, clock = Date.now, timeoutMs = CLOCK_TIMEOUT_MS } = {},
): Promise<ClockReading> {
  const sent = clock();
  let body: unknown;
  try {
    const response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
    if (!response.ok) return { ok: false, reason: `HTTP status ${response.status}` };
    body = await response.json();
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, reason: `no answer within ${timeoutMs / 1000} s` };
    if (name === "SyntaxError") return { ok: false, reason: "the answer is not JSON" };
    return { ok: false, reason: "the server could not be reached" };
  }
  const received = clock();
  const now = (body as { now?: unknown } | null)?.now;
  if (typeof now !== "number" || !Number.isFinite(now) || now <= 0) {
    return { ok: false, reason: 'the answer has no "now" in epoch milliseconds' };
  }
  return { ok: true, offsetMs: Math.round(now - (sent + received) / 2), roundTripMs: received - sent };
}

/** "73 s behind the server's clock": how this machine's clock stands against the server's. */
export function describeOffset(offsetMs: number): string {
  const seconds = Math.abs(offsetMs) / 1000;
  const amount = seconds >= 10 ? String(Math.round(seconds)) : seconds.toFixed(1);
  return `${amount} s ${offsetMs > 0 ? "behind" : "ahead of"} the server's clock`;
}
