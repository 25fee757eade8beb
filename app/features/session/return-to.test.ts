import { describe, expect, it } from "vitest";
import { returnToFromUrl, safeReturnTo, signInHref } from "./return-to";

describe("safeReturnTo", () => {
  it("accepts paths under /areaOE with their query and fragment", () => {
    expect(safeReturnTo("/areaOE/public/primeirosPassos")).toBe("/areaOE/public/primeirosPassos");
    expect(safeReturnTo("/areaOE/public/iecs?lang=en#siceu")).toBe("/areaOE/public/iecs?lang=en#siceu");
    expect(safeReturnTo("/areaOE")).toBe("/areaOE");
    expect(safeReturnTo("/areaOE/")).toBe("/areaOE/");
  });

  it.each([
    ["an absolute URL", "https://evil.example/areaOE/"],
    ["a scheme-relative URL", "//evil.example/areaOE/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,hi"],
    ["a backslash", "/areaOE/\\evil.example"],
    ["a leading backslash", "\\\\evil.example"],
    ["a double slash inside", "/areaOE//evil.example"],
    ["a path outside the portal", "/other/page"],
    ["a look-alike prefix", "/areaOEvil/page"],
    ["a tab the browser would strip", "/areaOE/\t/evil.example"],
    ["a newline", "/areaOE/\n"],
    ["the sign-in endpoint (a loop)", "/areaOE/auth/sign-in?returnTo=/areaOE/"],
    ["an empty value", ""],
    ["a non-string", ["/areaOE/"]],
    ["dot segments leaving the portal", "/areaOE/../other"],
    ["an over-long value", `/areaOE/${"a".repeat(3000)}`],
  ])("refuses %s", (_label, value) => {
    expect(safeReturnTo(value)).toBe("/areaOE/");
  });

  it("uses the given fallback", () => {
    expect(safeReturnTo("https://evil.example", "/areaOE/public/primeirosPassos")).toBe("/areaOE/public/primeirosPassos");
  });
});

describe("signInHref and returnToFromUrl", () => {
  it("encode the return address of a request", () => {
    const returnTo = returnToFromUrl("http://localhost:3000/areaOE/ferramentas/x?lang=en");
    expect(returnTo).toBe("/areaOE/ferramentas/x?lang=en");
    expect(signInHref(returnTo)).toBe("/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fferramentas%2Fx%3Flang%3Den");
  });
});
