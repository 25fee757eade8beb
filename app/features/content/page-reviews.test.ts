import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatReviewDate, pageReview, parseReviewDate } from "./page-reviews";

describe("page reviews", () => {
  it("formats the review date in full in the page's language", () => {
    expect(formatReviewDate("2026-11-26", "pt")).toBe("26 de novembro de 2026");
    expect(formatReviewDate("2026-11-26", "en")).toBe("26 November 2026");
    expect(formatReviewDate("2026-07-01", "pt")).toBe("1 de julho de 2026");
  });

  it("takes only real calendar dates", () => {
    expect(parseReviewDate("2026-02-28")?.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(parseReviewDate("2026-02-30")).toBeUndefined();
    expect(parseReviewDate("26/11/2026")).toBeUndefined();
    expect(formatReviewDate("not a date", "en")).toBe("not a date");
  });

  it("reads the review date of the content files' front matter, collected at build time", () => {
    // The date as the content file writes it (a page's review moves it; the test follows the file).
    const reviewed = /^reviewed: (\d{4}-\d{2}-\d{2})$/m.exec(readFileSync("content/pt/import-rbv.mdx", "utf8"))?.[1];
    expect(reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(pageReview("import-rbv")).toEqual({ reviewed });
    expect(pageReview("no-such-page")).toBeUndefined();
  });
});
