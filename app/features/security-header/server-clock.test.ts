import { describe, expect, it } from "vitest";
import { CLOCK_NOTICE_THRESHOLD_MS, measureClockOffset, noticeableOffsetSeconds, offsetOf } from "./server-clock";

function timeAnswer(body: unknown, status = 200): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })) as typeof fetch;
}

describe("measureClockOffset", () => {
  it("compares the server's time with the midpoint of the round trip", async () => {
    const readings = [1_000_000, 1_000_400]; // sent, received: the midpoint is 1_000_200
    const offset = await measureClockOffset(timeAnswer({ now: 1_073_200 }), () => readings.shift() ?? 0);
    expect(offset).toBe(73_000);
  });

  it("is negative when the device is ahead", async () => {
    const readings = [5_000, 5_000];
    expect(await measureClockOffset(timeAnswer({ now: 3_000 }), () => readings.shift() ?? 0)).toBe(-2_000);
  });

  it("refuses an error status or an answer without a numeric now", async () => {
    await expect(measureClockOffset(timeAnswer({ now: 1 }, 503))).rejects.toThrow("503");
    await expect(measureClockOffset(timeAnswer({ now: "soon" }))).rejects.toThrow("now");
    await expect(measureClockOffset(timeAnswer(null))).rejects.toThrow("now");
  });
});

describe("what the form says about the clock", () => {
  it("applies a measured offset only", () => {
    expect(offsetOf({ status: "measured", offsetMs: -90_000 })).toBe(-90_000);
    expect(offsetOf({ status: "unavailable" })).toBe(0);
    expect(offsetOf({ status: "measuring" })).toBe(0);
  });

  it("mentions an offset beyond 2 s, in whole seconds", () => {
    expect(noticeableOffsetSeconds({ status: "measured", offsetMs: CLOCK_NOTICE_THRESHOLD_MS })).toBeNull();
    expect(noticeableOffsetSeconds({ status: "measured", offsetMs: -CLOCK_NOTICE_THRESHOLD_MS })).toBeNull();
    expect(noticeableOffsetSeconds({ status: "measured", offsetMs: 73_400 })).toBe(73);
    expect(noticeableOffsetSeconds({ status: "measured", offsetMs: -2_600 })).toBe(-3);
    expect(noticeableOffsetSeconds({ status: "unavailable" })).toBeNull();
  });
});
