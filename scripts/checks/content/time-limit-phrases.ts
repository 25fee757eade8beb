import type { Node } from "../../build/search/extract-sections";
import type { TimeLimitRecord, TimeLimitUnit } from "../../../app/features/time-limits/time-limit-schema";
import type { Language } from "../../../app/i18n/languages";

/**
 * The content check of the time limits (issue 39): a page's text that states a time limit ("10 dias",
 * "três dias úteis", "48 horas", "within 10 days", "a 10-day period") must have a record on that page
 * (content/time-limits/*.json, `pages`) with the same number and unit (and working days where the text
 * says so). Numbers are digits or words from one to thirty.
 */

export interface TimeLimitPhrase {
  /** The phrase as written, e.g. "três dias úteis". */
  text: string;
  number: number;
  unit: TimeLimitUnit;
  working: boolean;
  /** The sentence around it, for the message. */
  context: string;
}

const PT_WORDS: Record<string, number> = {
  um: 1, uma: 1, dois: 2, duas: 2, "três": 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
  onze: 11, doze: 12, treze: 13, catorze: 14, quatorze: 14, quinze: 15, dezasseis: 16, dezesseis: 16, dezassete: 17,
  dezessete: 17, dezoito: 18, dezanove: 19, dezenove: 19, vinte: 20, trinta: 30,
};
const EN_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
};
// "vinte e um" … "vinte e nove", "twenty-one" … "twenty nine".
for (const [word, value] of Object.entries(PT_WORDS)) if (value < 10) PT_WORDS[`vinte e ${word}`] = 20 + value;
for (const [word, value] of Object.entries(EN_WORDS)) {
  if (value < 10) {
    EN_WORDS[`twenty-${word}`] = 20 + value;
    EN_WORDS[`twenty ${word}`] = 20 + value;
  }
}

function alternatives(words: Record<string, number>): string {
  return Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[-\s]/g, "[-\\s]"))
    .join("|");
}

// Not part of a longer number, date or reference ("18.2.2026", "22-A/2007", "n.º 5"), nor of a word.
const BEFORE = String.raw`(?<![\p{L}\d.,/º-])`;
const AFTER = String.raw`(?![\p{L}\d])`;

const PATTERNS: Record<Language, RegExp> = {
  pt: new RegExp(
    `${BEFORE}(\\d+|${alternatives(PT_WORDS)})[ \\u00a0]+(dias?(?:[ \\u00a0]+(?:úteis|útil|de calendário|seguidos|consecutivos))?|horas?|minutos?|mês|meses|anos?)${AFTER}`,
    "giu",
  ),
  en: new RegExp(
    `${BEFORE}(\\d+|${alternatives(EN_WORDS)})(?:[ \\u00a0]+|-)((?:working[ \\u00a0-]+|calendar[ \\u00a0-]+)?days?|hours?|minutes?|months?|years?)${AFTER}`,
    "giu",
  ),
};

function unitOf(word: string): { unit: TimeLimitUnit; working: boolean } {
  const lower = word.toLowerCase();
  const working = /úteis|útil|working/.test(lower);
  if (/^(dia|day|working|calendar)/.test(lower)) return { unit: "days", working };
  if (/^(hora|hour)/.test(lower)) return { unit: "hours", working };
  if (/^(minut)/.test(lower)) return { unit: "minutes", working };
  if (/^(mês|mes|month)/.test(lower)) return { unit: "months", working };
  return { unit: "years", working };
}

function numberOf(word: string, lang: Language): number {
  if (/^\d+$/.test(word)) return Number(word);
  const key = word.toLowerCase().replace(/\s+/g, " ");
  return (lang === "pt" ? PT_WORDS : EN_WORDS)[key] ?? (lang === "en" ? EN_WORDS[key.replace(" ", "-")] : undefined) ?? Number.NaN;
}

/** Every time-limit phrase of a text in a language. */
export function timeLimitPhrases(text: string, lang: Language): TimeLimitPhrase[] {
  const phrases: TimeLimitPhrase[] = [];
  for (const match of text.matchAll(PATTERNS[lang])) {
    const [whole, number = "", unit = ""] = match;
    const at = match.index;
    const value = numberOf(number, lang);
    if (!Number.isFinite(value)) continue;
    const start = Math.max(0, text.lastIndexOf("\n", at) + 1, at - 60);
    const endOfLine = text.indexOf("\n", at);
    const end = Math.min(endOfLine < 0 ? text.length : endOfLine, at + whole.length + 60);
    phrases.push({ text: whole, number: value, ...unitOf(unit), context: text.slice(start, end).trim() });
  }
  return phrases;
}

const BLOCK = /^(p|li|td|th|h[1-6]|dt|dd|caption|figcaption|blockquote)$/;
const SKIP = new Set(["code", "pre"]);

/**
 * The visible text of a compiled content file (app/mdx/mdx-pipeline.ts), one block per line, without
 * code: what the check reads. The text of components (card titles) is kept.
 */
export function visibleText(tree: Node): string {
  const out: string[] = [];
  function visit(node: Node): void {
    if (node.type === "text") {
      out.push(node.value ?? "");
      return;
    }
    if (node.type === "element" && SKIP.has(node.tagName ?? "")) return;
    const block = node.type === "element" && BLOCK.test(node.tagName ?? "");
    if (block) out.push("\n");
    for (const child of node.children ?? []) visit(child);
    if (block) out.push("\n");
  }
  visit(tree);
  return out.join("").replace(/[ \t]*\n\s*/g, "\n");
}

/** A phrase of a page that is not a time limit of the page: allowed only with a reason. */
export interface AllowedPhrase {
  /** The phrase exactly as the check reports it (case-insensitive). */
  phrase: string;
  why: string;
}

function describe(record: TimeLimitRecord): string {
  return record.duration === null ? `${record.id} (set case by case)` : `${record.id} (${record.duration} ${record.dayType === "working" ? "working " : ""}${record.unit})`;
}

/** Whether a record states the phrase's time limit. */
export function recordMatches(record: TimeLimitRecord, phrase: Pick<TimeLimitPhrase, "number" | "unit" | "working">): boolean {
  return record.duration === phrase.number && record.unit === phrase.unit && (!phrase.working || record.dayType === "working");
}

/**
 * The problems of one content file: each phrase that is neither matched by a record of the page nor
 * allowed, and each allowed phrase the page no longer has (the allow-list stays exact).
 */
export function phraseProblems(
  file: string,
  pageId: string,
  text: string,
  lang: Language,
  records: readonly TimeLimitRecord[],
  allowed: readonly AllowedPhrase[] = [],
): string[] {
  const onPage = records.filter((record) => record.pages.includes(pageId));
  const problems: string[] = [];
  const phrases = timeLimitPhrases(text, lang);
  for (const phrase of phrases) {
    if (onPage.some((record) => recordMatches(record, phrase))) continue;
    if (allowed.some((entry) => entry.phrase.toLowerCase() === phrase.text.toLowerCase())) continue;
    const sameUnit = onPage.filter((record) => record.unit === phrase.unit);
    problems.push(
      `${file}: "${phrase.text}" («${phrase.context}») has no record on page ${pageId} with ${phrase.number} ${phrase.working ? "working " : ""}${phrase.unit}` +
        (sameUnit.length > 0 ? `; the page's records in ${phrase.unit}: ${sameUnit.map(describe).join(", ")}` : onPage.length > 0 ? `; the page's records: ${onPage.map(describe).join(", ")}` : "; the page has no record"),
    );
  }
  for (const entry of allowed) {
    if (!phrases.some((phrase) => phrase.text.toLowerCase() === entry.phrase.toLowerCase())) {
      problems.push(`${file}: the allowed phrase "${entry.phrase}" is no longer on the page: remove it from the allow-list`);
    }
  }
  return problems;
}
