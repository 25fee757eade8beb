import { describe, expect, it } from "vitest";
import "./server-texts";
import { pageText } from "./page-text";
import en from "./locales/en/pages.json";
import pt from "./locales/pt/pages.json";

describe("pageText", () => {
  it("reads a page's title, breadcrumb and summary in the asked language", () => {
    expect(pageText("import", "en")).toEqual(en.import);
    expect(pageText("import", "pt")).toEqual(pt.import);
  });

  it("fails loudly for a page without texts", () => {
    expect(() => pageText("no-such-page", "en")).toThrow("No texts for page no-such-page");
  });
});
