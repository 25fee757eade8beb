import { beforeAll, describe, expect, it } from "vitest";
import MiniSearch from "minisearch";
import { LANGUAGES, type Language } from "../../app/i18n/languages";
import { searchIndexOptions } from "../../app/features/search/search-options";
import { runSearch } from "../../app/features/search/run-search";
import type { SearchDocument } from "../../app/features/search/search-document";
import { buildSearchIndex, collectSearchDocuments } from "./build-search-index";

// Built from the real content, as the Vite plugin builds it: what the portal's search will answer.
const root = process.cwd();
const indexes = {} as Record<Language, MiniSearch<SearchDocument>>;
const sources = {} as Record<Language, string>;

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    indexes[lang] = MiniSearch.loadJSON<SearchDocument>(await buildSearchIndex(root, lang), searchIndexOptions(lang));
    const documents = await collectSearchDocuments(root, lang);
    sources[lang] = documents.map((doc) => `${doc.title} ${doc.heading} ${doc.text} ${doc.terms}`).join("\n");
  }
}, 60_000);

// The customs systems the portal describes, all named in the page titles and summaries, so always in the index.
const SYSTEMS = ["STADA", "RBV", "DAIN", "DSS", "NR", "SICEU", "SICEX", "SICREX", "GASPRO", "IESCP", "GIIEC", "ISV", "SFA2", "SiMTeM", "SAL", "IVAExp", "EFAPI"];
// Named only in page texts: checked as soon as the content has them.
const CONTENT_TERMS = ["EORI", "GUE"];

const wordIn = (text: string, word: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "iu").test(text);

describe.each(LANGUAGES)("search index (%s)", (lang) => {
  it.each(SYSTEMS)("finds %s by its acronym, in any case", (acronym) => {
    for (const query of [acronym, acronym.toLowerCase()]) {
      const results = runSearch(indexes[lang], query, lang);
      expect(results.length, `no result for "${query}"`).toBeGreaterThan(0);
      const first = results[0]!;
      const shown = `${first.title} ${first.heading} ${first.passage.map((part) => part.text).join("")}`;
      expect(wordIn(shown, acronym) || first.passage.some((part) => part.match), `top result for "${query}": ${shown}`).toBe(true);
    }
  });

  it.each(CONTENT_TERMS)("finds %s when a page names it", (term) => {
    if (!wordIn(sources[lang], term)) return; // not in the content yet: nothing to find
    expect(runSearch(indexes[lang], term, lang).length).toBeGreaterThan(0);
  });

  it("answers nothing for nonsense", () => {
    expect(runSearch(indexes[lang], "zqxj wvkpt", lang)).toEqual([]);
    expect(runSearch(indexes[lang], "   ", lang)).toEqual([]);
  });

  it("links each result to its page, and a section result to an anchor on it", () => {
    const results = runSearch(indexes[lang], "STADA", lang);
    for (const result of results) {
      expect(result.href).toMatch(/^\/areaOE\/[^#\s]*(#[^\s#]+)?$/);
      expect(result.breadcrumb[0]).toBeTruthy();
      if (result.heading) expect(result.href).toContain("#");
    }
  });
});

describe("accents and case do not matter", () => {
  it.each([
    ["pt", "importacao", "Importação"],
    ["pt", "IMPORTAÇÃO", "Importação"],
    ["pt", "exportacao", "Exportação"],
    ["pt", "transito", "Trânsito"],
    ["pt", "liquidacao", "Liquidação"],
    ["en", "IMPORT", "Import"],
  ] as const)("%s: '%s' finds '%s'", (lang, query, title) => {
    const results = runSearch(indexes[lang], query, lang);
    expect(results.some((result) => result.title.includes(title)), results.map((r) => r.title).join(", ")).toBe(true);
  });

  it("finds by the start of a word and despite a typo in a long word", () => {
    expect(runSearch(indexes.pt, "import", "pt").map((r) => r.title)).toContain("Importação");
    expect(runSearch(indexes.pt, "garantas", "pt").length).toBeGreaterThan(0);
  });
});
