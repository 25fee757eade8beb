import { FALLBACK_LANGUAGES, LANGUAGES, type Language } from "~/i18n/languages";

/** One term's meaning in every language. */
export type GlossaryEntry = Record<Language, string>;
export type Glossary = Readonly<Record<string, GlossaryEntry>>;

export interface GlossaryProblem {
  file: string;
  term: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Merges the glossary files (`content/glossary/*.json`, each `{ "TERM": { "pt": "…", "en": "…" } }`).
 * A term may appear in one file only and needs a non-empty meaning in every language; anything else is
 * reported as a problem (the unit test fails on any) and the faulty entry is skipped, so a content
 * mistake never breaks a page.
 */
export function mergeGlossaryFiles(files: Record<string, unknown>): { glossary: Glossary; problems: GlossaryProblem[] } {
  const glossary: Record<string, GlossaryEntry> = {};
  const origin = new Map<string, string>();
  const problems: GlossaryProblem[] = [];
  for (const file of Object.keys(files).sort()) {
    const content = files[file];
    if (!isRecord(content)) {
      problems.push({ file, term: "", message: "the file must hold an object of terms" });
      continue;
    }
    for (const [term, value] of Object.entries(content)) {
      const first = origin.get(term);
      if (first !== undefined) {
        problems.push({ file, term, message: `the term is already defined in ${first}` });
        continue;
      }
      if (!isRecord(value)) {
        problems.push({ file, term, message: "the meaning must be an object with pt and en" });
        continue;
      }
      const missing = LANGUAGES.filter((lang) => typeof value[lang] !== "string" || (value[lang] as string).trim() === "");
      if (missing.length > 0) {
        problems.push({ file, term, message: `missing meaning in ${missing.join(", ")}` });
        continue;
      }
      origin.set(term, file);
      glossary[term] = Object.fromEntries(LANGUAGES.map((lang) => [lang, (value[lang] as string).trim()])) as GlossaryEntry;
    }
  }
  return { glossary, problems };
}

const files = import.meta.glob<unknown>("../../../content/glossary/*.json", { eager: true, import: "default" });

const merged = mergeGlossaryFiles(files);

/** Every term of every glossary file, merged. */
export const glossary: Glossary = merged.glossary;
/** Problems found while merging (duplicates, missing languages); a unit test keeps this empty. */
export const glossaryProblems: readonly GlossaryProblem[] = merged.problems;

/** The meaning of a term in a language (falling back pt, then en), or undefined for an unknown term. */
export function meaningOf(term: string, lang: string, source: Glossary = glossary): string | undefined {
  const entry = Object.hasOwn(source, term) ? source[term] : undefined;
  if (!entry) return undefined;
  const order = [lang, ...FALLBACK_LANGUAGES] as string[];
  for (const candidate of order) {
    const meaning = (entry as Record<string, string | undefined>)[candidate];
    if (meaning) return meaning;
  }
  return undefined;
}
