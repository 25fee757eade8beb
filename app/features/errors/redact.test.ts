import { describe, expect, it } from "vitest";
import { redactText, redactUrl } from "./redact";

describe("redactUrl", () => {
  it("drops the query string, the fragment and user information", () => {
    expect(redactUrl("https://u:p@example.pt/areaOE/x?token=abc&lang=en#part")).toBe("https://example.pt/areaOE/x");
  });
  it("handles relative or invalid addresses", () => {
    expect(redactUrl("/areaOE/x?password=1")).toBe("/areaOE/x");
    expect(redactUrl("not a url#frag")).toBe("not a url");
  });
  it("masks credentials written into the path", () => {
    expect(redactUrl("https://example.pt/a/token=abc123/b")).toBe("https://example.pt/a/token=[redacted]/b");
  });
});

describe("redactText", () => {
  it("drops query strings of URLs inside messages and stacks", () => {
    expect(redactText("failed to fetch https://x.pt/api?id=7#y at https://x.pt/a.js:1:2")).toBe(
      "failed to fetch https://x.pt/api at https://x.pt/a.js:1:2",
    );
  });
  it.each([
    ["password=hunter2 next", "password=[redacted] next"],
    ['token: "abc def"', "token: [redacted]"],
    ["api_key=XYZ&x=1", "api_key=[redacted]&x=1"],
    ["Authorization: Bearer abcdef123456", "Authorization: [redacted] [redacted]"],
    ["header Bearer abcdef123456", "header Bearer [redacted]"],
    ["jwt eyJhbGciOi.eyJzdWIiOi.sig-nature here", "jwt [redacted] here"],
  ])("masks %j", (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });
  it("keeps ordinary text", () => {
    expect(redactText("Cannot read properties of undefined (reading 'x')")).toBe(
      "Cannot read properties of undefined (reading 'x')",
    );
  });
});
