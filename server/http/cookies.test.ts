import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

describe("readCookie", () => {
  it("finds one cookie among several", () => {
    expect(readCookie("lang=en; areaoe_session=abc.def; x=1", "areaoe_session")).toBe("abc.def");
    expect(readCookie("lang=en", "areaoe_session")).toBeUndefined();
    expect(readCookie(undefined, "areaoe_session")).toBeUndefined();
  });

  it("decodes a value and never throws on a malformed one", () => {
    expect(readCookie("lang=%65n", "lang")).toBe("en");
    expect(readCookie("lang=%E0%A4%A; other", "lang")).toBe("%E0%A4%A");
  });
});
