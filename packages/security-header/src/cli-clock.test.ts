import { describe, expect, it } from "vitest";
import { describeOffset, readServerClock } from "./cli-clock.js";

const answer = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status });

describe("readServerClock", () => {
  it("takes the offset at the midpoint of the round trip", async () => {
    const times = [1_000, 1_400]; // sent at 1000, answer back at 1400: the server read its clock at ~1200
    const reading = await readServerClock("http://x/areaOE/api/time", { fetchImpl: answer({ now: 74_200 }), clock: () => times.shift() ?? 0 });
    expect(reading).toEqual({ ok: true, offsetMs: 73_000, roundTripMs: 400 });
  });

  it.each<[string, typeof fetch, RegExp]>([
    ["an HTTP error", answer({ now: 1 }, 503), /HTTP status 503/],
    ["no now", answer({ time: 5 }), /no "now"/],
    ["now not a number", answer({ now: "5" }), /no "now"/],
    ["not JSON", async () => new Response("<html>"), /not JSON/],
    ["a network failure", async () => Promise.reject(new TypeError("fetch failed")), /could not be reached/],
  ])("fails soft on %s", async (_label, fetchImpl, reason) => {
    const reading = await readServerClock("http://x/", { fetchImpl });
    expect(reading.ok).toBe(false);
    expect(reading.ok ? "" : reading.reason).toMatch(reason);
  });

  it("gives up after the timeout", async () => {
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const reading = await readServerClock("http://x/", { fetchImpl: never, timeoutMs: 50 });
    expect(reading).toEqual({ ok: false, reason: "no answer within 0.05 s" });
  });
});

describe("describeOffset", () => {
  it("says behind or ahead, in seconds", () => {
    expect(describeOffset(73_000)).toBe("73 s behind the server's clock");
    expect(describeOffset(-4_200)).toBe("4.2 s ahead of the server's clock");
  });
});
