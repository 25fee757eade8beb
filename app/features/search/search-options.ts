import type { Options, SearchOptions } from "minisearch";
import type { Language } from "../../i18n/languages";
import { foldAccents } from "../../lib/fold-accents";
import type { SearchDocument } from "./search-document";
import { singularOf } from "./singular";

// Words too common to help; without them "importação de mercadorias" ranks on the words that matter.
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  pt: new Set(["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "no", "na", "nos", "nas", "um", "uma", "para", "por", "com", "que", "ao", "se"]),
  en: new Set(["a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "by", "with", "is", "are", "be", "at", "as"]),
};

/**
 * Whole words after accent and case folding, singular or plural alike: a word of the query matches the
 * same word of a page ('prazos' its 'prazo'), never the start of a longer one (SAL is not 'saldo') nor a word a letter away ('juros' is not
 * 'euros'). A result therefore always holds every word asked for (or, when no page holds them all, at
 * least one: `runSearch`); a misspelt word finds nothing and gets a suggestion (`suggestQuery`).
 */
export const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, heading: 2.5, terms: 1.5, text: 1 },
  prefix: false,
  fuzzy: false,
  combineWith: "AND",
};

/** Typo tolerance for suggestions only: exact for acronyms and short words, one or two edits for longer ones. */
function fuzziness(term: string): number | false {
  return term.length >= 5 ? 0.2 : false;
}

/**
 * How a word no page holds finds the index's words close to it ("Did you mean …?"). A fuzzy term
 * matches at most two edits away, however long it is (MiniSearch allows six): a long made-up word cannot
 * make one term expand to much of the index.
 */
export const SUGGESTION_OPTIONS: SearchOptions = {
  prefix: false,
  fuzzy: fuzziness,
  maxFuzzy: 2,
  combineWith: "OR",
};

/**
 * A word as the index holds it and a query asks for it: folded (no accents, lower case), null for a stop
 * word, then its singular (singular.ts: 'garantias' finds 'garantia').
 */
export function searchTerm(word: string, lang: Language, stopWords: ReadonlySet<string> = STOP_WORDS[lang]): string | null {
  const folded = foldAccents(word);
  return folded && !stopWords.has(folded) ? singularOf(folded, lang) : null;
}

/** The MiniSearch options of one language; the same object builds the index and loads it (loadJSON). */
export function searchIndexOptions(lang: Language): Options<SearchDocument> {
  const stopWords = STOP_WORDS[lang];
  return {
    fields: ["title", "heading", "text", "terms"],
    storeFields: ["pageId", "anchor", "heading", "passage"],
    processTerm: (term) => searchTerm(term, lang, stopWords),
    searchOptions: SEARCH_OPTIONS,
  };
}
