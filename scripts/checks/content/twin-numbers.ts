/**
 * The numbers and dates a page states, per `##` section, so that a `pt` page and its `en` twin can be
 * compared: the same section must state the same figures. Dates are normalised to ISO (a day, or a
 * month when no day is written) whatever their spelling; decimal commas become points; everything
 * that is not reader text (link addresses, JSX tags and attributes, code, exports) is left out.
 */

const MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, março: 3, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8,
  setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9,
  october: 10, november: 11, december: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).join("|");

const pad = (value: number) => String(value).padStart(2, "0");
function isoDay(year: number, month: number, day: number): string | undefined {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/** Reader text of an MDX source: without code, exports, imports, link addresses and tag markup. */
export function readerText(source: string): string {
  return source
    .replace(/^```[\s\S]*?^```/gm, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/^(?:export|import) [\s\S]*?(?:;\s*$|(?=^\S))/gm, " ")
    .replace(/\]\([^)\s]*\)/g, "]")
    .replace(/<[A-Za-z/][^>]*>/g, " ");
}

// Order matters: full dates first, then month-and-year, then plain numbers of what is left.
const DATE_PATTERNS: { pattern: RegExp; iso: (match: RegExpExecArray) => string | undefined }[] = [
  // 2026-07-01
  { pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g, iso: (m) => isoDay(Number(m[1]), Number(m[2]), Number(m[3])) },
  // 1 de julho de 2026 / 1 July 2026 / 1st July 2026
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:\\.º|º|st|nd|rd|th)?(?: de)? (${MONTH_NAMES})(?:,)?(?: de)? (\\d{4})\\b`, "giu"),
    iso: (m) => isoDay(Number(m[3]), MONTHS[m[2]!.toLowerCase()]!, Number(m[1])),
  },
  // July 1, 2026
  {
    pattern: new RegExp(`\\b(${MONTH_NAMES}) (\\d{1,2}), (\\d{4})\\b`, "giu"),
    iso: (m) => isoDay(Number(m[3]), MONTHS[m[1]!.toLowerCase()]!, Number(m[2])),
  },
  // 1.7.2026 / 01.07.2026 / 1/7/2026
  { pattern: /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g, iso: (m) => isoDay(Number(m[3]), Number(m[2]), Number(m[1])) },
  // julho de 2026 / July 2026
  {
    pattern: new RegExp(`\\b(${MONTH_NAMES})(?: de)? (\\d{4})\\b`, "giu"),
    iso: (m) => `${m[2]}-${pad(MONTHS[m[1]!.toLowerCase()]!)}`,
  },
];

// Ordinals written as words in one language and as digits in the other ("a terceira versão do ICS2" /
// "ICS2 Release 3"): counted as their number.
const ORDINALS: Record<string, string> = {
  primeiro: "1", primeira: "1", segundo: "2", segunda: "2", terceiro: "3", terceira: "3", quarto: "4", quarta: "4",
  quinto: "5", quinta: "5", first: "1", second: "2", third: "3", fourth: "4", fifth: "5",
};
// Only before a word that numbers a version or a phase: "first" and "primeiro" are ordinary words too.
const ORDINAL_WORDS = new RegExp(`\\b(${Object.keys(ORDINALS).join("|")})(?= (?:versão|fase|version|release|phase)\\b)`, "giu");

/** The dates (ISO) and numbers (normalised) of a piece of reader text, sorted: a multiset. */
export function figuresOf(text: string): string[] {
  const figures: string[] = [];
  let rest = text.replace(ORDINAL_WORDS, (word) => ` ${ORDINALS[word.toLowerCase()]} `);
  for (const { pattern, iso } of DATE_PATTERNS) {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const date = iso(match);
      if (!date) return match[0];
      figures.push(date);
      return " ";
    });
  }
  // Numbers: 0,25 / 0.25 / 1 000 / 1,000 are one number each; a decimal comma becomes a point.
  for (const match of rest.matchAll(/\d+(?:[ \u00a0.,]\d{3}(?!\d))*(?:[.,]\d+)?/g)) {
    let number = match[0];
    // 1 000 / 1.000 / 1,000 are a thousand; 0,25 and 1,5 are decimals.
    if (/^[1-9]\d{0,2}(?:[ \u00a0.,]\d{3})+$/.test(number)) number = number.replace(/[ \u00a0.,]/g, "");
    else number = number.replace(",", ".");
    figures.push(number);
  }
  return figures.sort();
}

export interface SectionFigures {
  heading: string;
  figures: string[];
}

/** The figures of each `##` section of an MDX source (the introduction first, as "(introduction)"). */
export function sectionFigures(source: string): SectionFigures[] {
  const sections: { heading: string; lines: string[] }[] = [{ heading: "(introduction)", lines: [] }];
  let fenced = false;
  for (const line of source.split("\n")) {
    if (/^```/.test(line)) fenced = !fenced;
    const heading = !fenced ? /^## (.+)$/.exec(line) : null;
    if (heading) sections.push({ heading: heading[1]!.trim(), lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  return sections.map(({ heading, lines }) => ({ heading, figures: figuresOf(readerText(lines.join("\n"))) }));
}

/** What one multiset has that the other lacks, both ways. */
export function multisetDifference(a: readonly string[], b: readonly string[]): { onlyA: string[]; onlyB: string[] } {
  const counts = new Map<string, number>();
  for (const value of a) counts.set(value, (counts.get(value) ?? 0) + 1);
  for (const value of b) counts.set(value, (counts.get(value) ?? 0) - 1);
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  for (const [value, count] of counts) {
    for (let i = 0; i < Math.abs(count); i += 1) (count > 0 ? onlyA : onlyB).push(value);
  }
  return { onlyA: onlyA.sort(), onlyB: onlyB.sort() };
}

/** Problems of a page's twins: a section count mismatch, or a section whose figures differ. */
export function twinFigureProblems(pt: string, en: string): string[] {
  const ptSections = sectionFigures(pt);
  const enSections = sectionFigures(en);
  if (ptSections.length !== enSections.length) {
    return [`pt has ${ptSections.length - 1} ## sections, en ${enSections.length - 1}`];
  }
  const problems: string[] = [];
  ptSections.forEach((ptSection, index) => {
    const enSection = enSections[index]!;
    // As sets: an English page may repeat a figure, e.g. a Portuguese title in brackets after its
    // translation ("Decree-Law No 83/2018 … (Decreto-Lei n.º 83/2018)"); a figure that is missing or
    // different is what matters.
    const { onlyA, onlyB } = multisetDifference([...new Set(ptSection.figures)], [...new Set(enSection.figures)]);
    if (onlyA.length || onlyB.length) {
      problems.push(
        `section "${ptSection.heading}" / "${enSection.heading}": only in pt [${onlyA.join(", ")}], only in en [${onlyB.join(", ")}]`,
      );
    }
  });
  return problems;
}
