import { describe, expect, it } from "vitest";
import { checkRenewalExpiry, fromIsoDay, isoDay, readRenewalCheck } from "./renewal-check";

const url = (query: string) => new URL(`http://localhost/areaOE/public/webservices${query}`);
const today = new Date(2026, 10, 1, 18);

describe("checkRenewalExpiry", () => {
  it("answers with the last day one month before expiry, as yyyy-mm-dd days", () => {
    expect(checkRenewalExpiry("31/12/2026", "pt", today)).toEqual({
      kind: "plan",
      expiry: "2026-12-31",
      lastDay: "2026-11-30",
      daysRemaining: 29,
      expired: false,
    });
    expect(checkRenewalExpiry("2026-12-31", "en", today)).toEqual(checkRenewalExpiry("31/12/2026", "en", today));
  });
  it("says when the certificate has expired", () => {
    expect(checkRenewalExpiry("31/10/2026", "en", today)).toMatchObject({ kind: "plan", expired: true, daysRemaining: -32 });
  });
  it("refuses an impossible or badly written date, and an empty one", () => {
    expect(checkRenewalExpiry("31/02/2026", "pt", today)).toEqual({ kind: "invalid", error: { code: "nonexistent", value: "31/02/2026" } });
    expect(checkRenewalExpiry("next week", "en", today)).toEqual({ kind: "invalid", error: { code: "format", value: undefined } });
    expect(checkRenewalExpiry(" ", "pt", today)).toEqual({ kind: "mandatory" });
  });
});

describe("readRenewalCheck", () => {
  it("has no answer before the form is sent, and reads the date with the language sent with it", () => {
    expect(readRenewalCheck(url(""), "pt", today)).toEqual({ text: "", answer: null, lang: "pt" });
    expect(readRenewalCheck(url("?validade=31%2F12%2F2026&lang=en"), "pt", today)).toMatchObject({
      text: "31/12/2026",
      lang: "en",
      answer: { kind: "plan", lastDay: "2026-11-30" },
    });
  });
});

describe("days as text", () => {
  it("round-trips through the local midnight", () => {
    expect(fromIsoDay("2028-02-29")).toEqual(new Date(2028, 1, 29));
    expect(isoDay(new Date(2028, 1, 29, 23, 59))).toBe("2028-02-29");
  });
});
