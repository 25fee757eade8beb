import { describe, expect, it } from "vitest";
import "./create-i18n";
import { pageText } from "./page-text";
import en from "./locales/en/pages.json";
import pt from "./locales/pt/pages.json";

describe("pageText", () => {
  it("reads a page's title, breadcrumb and summary through i18next in the asked language", () => {
    expect(pageText("import", "en")).toEqual(en.import);
    expect(pageText("import", "pt")).toEqual(pt.import);
  });

  it("fails loudly for a page without texts", () => {
    expect(() => pageText("no-such-page", "en")).toThrow("No texts for page no-such-page");
  });
});

describe("pageText memo", () => {
  it("answers again from the memo, and reads anew once a bundle changes", async () => {
    const { default: i18next } = await import("i18next");
    const first = pageText("import", "en");
    expect(pageText("import", "en")).toBe(first);
    i18next.addResourceBundle("en", "pages", { import: { ...en.import, title: "Changed" } }, true, true);
    try {
      expect(pageText("import", "en").title).toBe("Changed");
    } finally {
      i18next.addResourceBundle("en", "pages", { import: en.import }, true, true);
    }
    expect(pageText("import", "en")).toEqual(en.import);
  });
});
