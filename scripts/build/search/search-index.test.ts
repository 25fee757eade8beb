import { beforeAll, describe, expect, it } from "vitest";
import MiniSearch from "minisearch";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { searchIndexOptions } from "../../../app/features/search/search-options";
import { answerSearch, runSearch } from "../../../app/features/search/run-search";
import type { PageId } from "../../../app/config/site-map";
import type { SearchDocument } from "../../../app/features/search/search-document";
import { buildSearchIndex, collectSearchDocuments } from "./build-search-index";

// Built from the real content, as the Vite plugin builds it: what the portal's search will answer.
const root = process.cwd();
const indexes = {} as Record<Language, MiniSearch<SearchDocument>>;
const sources = {} as Record<Language, string>;
const documents = {} as Record<Language, SearchDocument[]>;

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    indexes[lang] = MiniSearch.loadJSON<SearchDocument>(await buildSearchIndex(root, lang), searchIndexOptions(lang));
    documents[lang] = await collectSearchDocuments(root, lang);
    sources[lang] = documents[lang].map((doc) => `${doc.title} ${doc.heading} ${doc.text} ${doc.terms}`).join("\n");
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

  it("matches whole words: a typo finds nothing, and the answer suggests the word the pages hold", () => {
    expect(runSearch(indexes.pt, "import", "pt").map((r) => r.title)).toContain("Importação");
    // The suggestion is the word as the index holds it: its singular, which finds the plural too.
    expect(answerSearch(indexes.pt, "garantas", "pt")).toEqual({ results: [], suggestion: "garantia" });
    expect(answerSearch(indexes.pt, "garantia", "pt").suggestion).toBeNull();
  });
});

/**
 * The search corpus: queries a visitor types, each with the page its first result must be on (or
 * one of them, where two pages are equally the answer). Whatever the content says, every result of
 * every query holds the word asked for, and every page that holds it is found: so a word no page
 * holds yet (a page about to state it) finds nothing at all, never a page that holds a word like it
 * ('juros' is not 'euros'); once a page holds it, the first result must be the page named here.
 */
const CORPUS: Record<Language, { query: string; first: PageId[] }[]> = {
  pt: [
    { query: "IOSS", first: ["import-rbv"] },
    { query: "simulador", first: ["vehicle-tax", "vehicle-tax-isv"] },
    { query: "CSR", first: ["web-services", "testing-manual"] },
    { query: "juros", first: ["liquidation-settlements"] },
    { query: "garantia", first: ["liquidation-guarantees"] },
    // Singular or plural, one term (singular.ts).
    { query: "garantias", first: ["liquidation-guarantees"] },
    { query: "isenções", first: ["iva-exp", "export"] },
    { query: "EORI", first: ["first-steps"] },
    { query: "SoapUI", first: ["security-header-config"] },
    { query: "renovação do certificado", first: ["tools", "web-services"] },
  ],
  en: [
    { query: "IOSS", first: ["import-rbv"] },
    { query: "simulator", first: ["vehicle-tax", "vehicle-tax-isv"] },
    { query: "CSR", first: ["web-services", "testing-manual"] },
    { query: "interest on arrears", first: ["liquidation-settlements"] },
    // The area's title, "Liquidation and guarantees", holds it as much as the guarantees page's.
    { query: "guarantee", first: ["liquidation-guarantees", "liquidation"] },
    { query: "guarantees", first: ["liquidation-guarantees", "liquidation"] },
    { query: "exemptions", first: ["iva-exp", "export"] },
    { query: "EORI", first: ["first-steps"] },
    { query: "SoapUI", first: ["security-header-config"] },
    { query: "certificate renewal", first: ["tools", "web-services"] },
  ],
};

/** The words of a text as the index holds them: MiniSearch's own tokenizer, then the index's own processing (folding, stop words). */
const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
const indexWords = (lang: Language, text: string) => {
  const processTerm = searchIndexOptions(lang).processTerm as (term: string) => string | null;
  return tokenize(text).flatMap((word) => processTerm(word) ?? []);
};
const wordsOf = (lang: Language, doc: SearchDocument) => new Set(indexWords(lang, `${doc.title} ${doc.heading} ${doc.text} ${doc.terms}`));
const pageOf = (documentId: string) => documentId.split("#")[0] ?? documentId;

describe.each(LANGUAGES)("search corpus (%s)", (lang) => {
  it.each(CORPUS[lang])("'$query': only and all the pages that hold it, first on $first", ({ query, first }) => {
    const words = indexWords(lang, query);
    const holding = documents[lang].filter((doc) => {
      const held = wordsOf(lang, doc);
      return words.every((word) => held.has(word));
    });
    const results = runSearch(indexes[lang], query, lang);
    if (holding.length === 0) {
      // No page states it yet: nothing is invented, and no page that holds only some of the words comes first.
      for (const result of results) expect(words.some((word) => wordsOf(lang, documents[lang].find((doc) => doc.id === result.id)!).has(word))).toBe(true);
      expect(results.filter((result) => holding.some((doc) => doc.id === result.id))).toEqual([]);
      if (words.length === 1) expect(results).toEqual([]);
      return;
    }
    for (const result of results) {
      const doc = documents[lang].find((candidate) => candidate.id === result.id);
      expect(doc, `result ${result.id} is a unit of the index`).toBeDefined();
      expect(words.filter((word) => !wordsOf(lang, doc!).has(word)), `"${query}": ${result.id} lacks these words`).toEqual([]);
    }
    expect(new Set(results.map((result) => result.id)), `"${query}": a unit that holds it is missing`).toEqual(new Set(holding.map((doc) => doc.id)));
    expect(first, `"${query}": first result ${results[0]?.id}`).toContain(pageOf(results[0]!.id));
  });
});
