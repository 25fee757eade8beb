import { foldAccents } from "~/lib/fold-accents";

export interface PassagePart {
  text: string;
  /** True for a word the query matched, shown in <mark>. */
  match: boolean;
}

/** The text normalised like the index (no accents, lower-case), with each character's original position. */
function normalizeWithPositions(text: string): { normalized: string; positions: number[] } {
  let normalized = "";
  const positions: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const piece = foldAccents(text[index] ?? "");
    normalized += piece;
    for (let k = 0; k < piece.length; k += 1) positions.push(index);
  }
  return { normalized, positions };
}

/** A token as MiniSearch's default tokenizer cuts the text (it splits at spaces and punctuation). */
const TOKEN = /[^\n\r\p{Z}\p{P}]+/gu;

/**
 * About `length` characters of `text` around the first word that is one of `terms` (the index's matched
 * terms), cut at word boundaries, with every matching word marked. `termOf` turns a word of the text,
 * folded, into its term as the index holds it (search-options.ts' searchTerm: 'garantias' is the term
 * 'garantia'); a whole word only, as the index matches: 'euros' holds no 'juros', 'saldo' no 'sal'.
 */
export function buildPassage(
  text: string,
  terms: readonly string[],
  length = 220,
  termOf: (word: string) => string | null = (word) => word,
): PassagePart[] {
  const { normalized, positions } = normalizeWithPositions(text);
  const wanted = new Set(terms.filter(Boolean));
  const matches: { start: number; end: number }[] = [];
  for (const token of normalized.matchAll(TOKEN)) {
    const term = termOf(token[0]);
    if (!term || !wanted.has(term)) continue;
    const start = positions[token.index] ?? 0;
    const end = (positions[token.index + token[0].length - 1] ?? start) + 1;
    matches.push({ start, end });
  }
  matches.sort((a, b) => a.start - b.start);
  const first = matches[0];
  let start = first ? Math.max(0, first.start - Math.floor(length / 3)) : 0;
  let end = Math.min(text.length, start + length);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;

  const parts: PassagePart[] = [];
  let cursor = start;
  for (const match of matches) {
    if (match.start < cursor || match.end > end) continue;
    if (match.start > cursor) parts.push({ text: text.slice(cursor, match.start), match: false });
    parts.push({ text: text.slice(match.start, match.end), match: true });
    cursor = match.end;
  }
  if (cursor < end) parts.push({ text: text.slice(cursor, end), match: false });
  if (start > 0) parts.unshift({ text: "… ", match: false });
  if (end < text.length) parts.push({ text: " …", match: false });
  return parts;
}
