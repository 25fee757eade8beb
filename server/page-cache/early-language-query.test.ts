import { describe, expect, it } from "vitest";
import { earlyLanguageQuery } from "./page-cache";

describe("earlyLanguageQuery", () => {
  it("takes a plain address and exactly ?lang=pt or ?lang=en", () => {
    expect(earlyLanguageQuery("/areaOE/public/importacao")).toBeUndefined();
    expect(earlyLanguageQuery("/areaOE/public/importacao?lang=pt")).toBe("pt");
    expect(earlyLanguageQuery("/areaOE/public/importacao?lang=en")).toBe("en");
  });

  it("refuses any other query", () => {
    for (const query of ["?", "?lang=", "?lang=PT", "?lang=de", "?lang=pt&x=1", "?x=1&lang=pt", "?lang=pt&lang=en", "?lang=en&", "?lang=pt%20", "?LANG=pt"]) {
      expect(earlyLanguageQuery(`/areaOE/public/importacao${query}`), query).toBe(false);
    }
  });
});
