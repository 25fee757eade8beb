import { describe, expect, it } from "vitest";
import "./server-texts";
import { pageText } from "./texts-context";
import en from "~/i18n/locales/en/pages.json";
import pt from "~/i18n/locales/pt/pages.json";

// The namespace as the build makes it: a page of text has its texts in its content file's front matter.
const PAGES: Record<"pt" | "en", Record<string, unknown>> = { pt, en };

describe("pageText", () => {
  it("reads a page's title, breadcrumb and summary in the asked language", () => {
    expect(pageText("import", "en")).toEqual(PAGES.en.import);
    expect(pageText("import", "pt")).toEqual(PAGES.pt.import);
    expect(pageText("import", "en").title).toBe("Import");
  });

  it("fails loudly for a page without texts", () => {
    expect(() => pageText("no-such-page", "en")).toThrow("No texts for page no-such-page");
  });
});
