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

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * About `length` characters of `text` around the first word that is one of `terms` (the index's matched
 * terms, already normalised: whole words), cut at word boundaries, with every matching word marked.
 */
export function buildPassage(text: string, terms: readonly string[], length = 220): PassagePart[] {
  const { normalized, positions } = normalizeWithPositions(text);
  const matches: { start: number; end: number }[] = [];
  for (const term of terms.filter(Boolean)) {
    let from = normalized.indexOf(term);
    while (from >= 0) {
      const start = positions[from] ?? 0;
      // A whole word only, as the index matches (search-options.ts): 'euros' holds no 'juros', 'saldo' no 'sal'.
      const wordEnd = !WORD_CHAR.test(normalized[from + term.length] ?? "");
      if ((start === 0 || !WORD_CHAR.test(text[start - 1] ?? "")) && wordEnd) {
        const end = (positions[from + term.length - 1] ?? start) + 1;
        matches.push({ start, end });
      }
      from = normalized.indexOf(term, from + term.length);
    }
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
