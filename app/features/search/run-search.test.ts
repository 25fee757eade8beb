import { describe, expect, it, vi } from "vitest";
import { cleanQuery, MAX_QUERY_TERMS } from "./run-search";
import { SEARCH_OPTIONS, SUGGESTION_OPTIONS } from "./search-options";
import { searchSite } from "./search-site";

// The index is a Vite virtual module of the build; here a stand-in that counts the searches it runs.
const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock("./load-search-index", () => ({
  loadSearchIndex: () =>
    Promise.resolve({
      search: () => {
        searches.count += 1;
        return [];
      },
      // Nothing found: the answer also looks for a suggestion.
      autoSuggest: () => [],
    }),
}));

describe("search bounds its work", () => {
  it("searches at most MAX_QUERY_TERMS words of a query", () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `palavra${i}`).join(" ");
    expect(cleanQuery(thirty).split(" ")).toHaveLength(MAX_QUERY_TERMS);
    expect(cleanQuery("  certificado   de  origem ")).toBe("certificado de origem");
  });

  it("matches whole words only; a suggestion's fuzzy term expands at most two edits away, however long", () => {
    expect(SEARCH_OPTIONS).toMatchObject({ prefix: false, fuzzy: false });
    expect(SUGGESTION_OPTIONS.maxFuzzy).toBe(2);
  });

  it("answers a query asked again (other case, accents, spacing) from its cache", async () => {
    const first = await searchSite("pt", "Importação");
    const searchesOfOneQuery = searches.count;
    expect(searchesOfOneQuery).toBeGreaterThan(0);
    expect(await searchSite("pt", "  importacao ")).toBe(first);
    expect(searches.count).toBe(searchesOfOneQuery);
    await searchSite("en", "importacao");
    expect(searches.count).toBe(2 * searchesOfOneQuery);
  });
});
