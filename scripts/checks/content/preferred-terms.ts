import type { Language } from "../../../app/i18n/languages";

/** content/terms/preferred-terms.json: avoided → preferred terms per language, and names always allowed. */
export interface TermRule {
  avoid: string[];
  prefer: string;
}
export type PreferredTerms = Record<Language, { avoid: TermRule[]; allowed: string[] }> & {
  /** Occurrences in files this change could not edit, with their exact count (see the file's $comment). */
  pending?: { file: string; term: string; count: number }[];
};

export interface AvoidedTerm {
  found: string;
  prefer: string;
  context: string;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A term is a whole word: not glued to letters, digits, or to the characters that make a token code
// or an address (config_key, --option, file.ext, a/path, user@host).
const BEFORE = String.raw`(?<![\p{L}\p{N}_\-./@])`;
const AFTER = String.raw`(?![\p{L}\p{N}_\-/@]|\.[\p{L}\p{N}])`;

export function termPattern(term: string): RegExp {
  const words = term.trim().split(/\s+/).map(escapeRegExp).join(String.raw`\s+`);
  return new RegExp(`${BEFORE}${words}${AFTER}`, "giu");
}

/** The prose of a text: code, addresses, paths, options, placeholders and tags replaced by spaces. */
export function proseOf(text: string, allowed: readonly string[]): string {
  let prose = text
    .replace(/```[\s\S]*?```/g, " ") // fenced code blocks
    .replace(/`[^`\n]*`/g, " ") // inline code
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<\/?[A-Z][\w.]*/g, " ") // MDX component names (<Download id=…>): code, not prose
    .replace(/\{\{[^}]*\}\}/g, " ") // i18next placeholders
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, " ") // URLs
    .replace(/\S*\/\S*/g, " ") // paths and anything written with a slash
    .replace(/(^|\s)--?[a-z][\w-]*/gi, " "); // command-line options
  for (const name of allowed) prose = prose.replace(new RegExp(`${BEFORE}${escapeRegExp(name)}${AFTER}`, "gu"), " ");
  return prose;
}

/** The avoided terms a text uses, each with the preferred form and a little context. */
export function findAvoidedTerms(text: string, rules: PreferredTerms[Language]): AvoidedTerm[] {
  const prose = proseOf(text, rules.allowed);
  const found: AvoidedTerm[] = [];
  for (const rule of rules.avoid) {
    for (const term of rule.avoid) {
      for (const match of prose.matchAll(termPattern(term))) {
        const start = Math.max(0, match.index - 30);
        found.push({
          found: match[0],
          prefer: rule.prefer,
          context: prose.slice(start, match.index + match[0].length + 30).replace(/\s+/g, " ").trim(),
        });
      }
    }
  }
  return found;
}

/** Every string of a JSON value, with the language it is in (keys "pt"/"en" switch the language). */
export function jsonStrings(value: unknown, lang: Language | undefined): { lang: Language | undefined; text: string }[] {
  if (typeof value === "string") return [{ lang, text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => jsonStrings(item, lang));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      key === "$comment" ? [] : jsonStrings(item, key === "pt" || key === "en" ? key : lang),
    );
  }
  return [];
}

/**
 * A content file's text for the check: its ESM blocks (`export const usefulLinks = …`) are code, so
 * only their string literals (the link texts a visitor sees) are kept.
 */
export function mdxProse(source: string): string {
  return source
    .split(/\n\s*\n/)
    .map((block) =>
      /^(?:export|import)\s/.test(block) ? [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]).join("\n") : block,
    )
    .join("\n\n");
}
