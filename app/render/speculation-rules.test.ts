import { describe, expect, it } from "vitest";
import { speculationRules, speculationRulesElement, speculationRulesText } from "./speculation-rules";

describe("speculation rules", () => {
  it("prefetch the portal's pages with moderate eagerness, never sign-in, API, downloads or the switcher's language links", () => {
    const rules = speculationRules("/areaOE");
    const [rule] = rules.prefetch;
    expect(rule?.eagerness).toBe("moderate");
    const text = JSON.stringify(rule?.where);
    expect(text).toContain('{"href_matches":"/areaOE/*"}');
    for (const excluded of ["/areaOE/auth/*", "/areaOE/api/*", "/areaOE/downloads/*"]) {
      expect(text).toContain(`{"not":{"href_matches":"${excluded}"}}`);
    }
    // The language switcher's links say their language (hreflang); a link that keeps the page's own ?lang= is a page like any other.
    expect(text).toContain("[hreflang]");
    expect(text).not.toContain("lang=*");
  });

  it("is a speculationrules script with the page's nonce", () => {
    expect(speculationRulesElement("/areaOE", "abc")).toMatch(/^<script type="speculationrules" nonce="abc">\{/);
  });

  it("without a nonce on a static document, its text exactly what a CSP hash covers", () => {
    expect(speculationRulesElement("/areaOE")).toBe(`<script type="speculationrules">${speculationRulesText("/areaOE")}</script>`);
    expect(JSON.parse(speculationRulesText("/areaOE"))).toEqual(speculationRules("/areaOE"));
  });
});
