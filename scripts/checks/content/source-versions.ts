/**
 * The sources list's version dates (CONTRIBUTING.md, "Review dates and version dates"): a consolidated
 * text ends its item with "versão consolidada de AAAA-MM-DD" / "consolidated version of YYYY-MM-DD"; an
 * amending act names the act it amends ("que altera o …" / "amending …") in its link text and gives
 * its journal date as d.m.yyyy. A page may not rely on an amendment newer than the version it lists.
 */
import type { Language } from "../../../app/i18n/languages";
import { SOURCES_HEADING } from "./official-sources";

/** An act's number as written in the sources: 1186/2009, 2015/2446, 24-E/2022. */
const ACT_NUMBER = /\b(\d{1,4}(?:-[A-Z])?\/\d{1,4})\b/;
const CONSOLIDATED = { pt: /versão consolidada de (\d{4}-\d{2}-\d{2})/, en: /consolidated version of (\d{4}-\d{2}-\d{2})/ } as const;
const AMENDS = { pt: /\bque alter(?:a|ou)\b([^\]]*)/i, en: /\bamending\b([^\]]*)/i } as const;
const JOURNAL_DATE = /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/;

export interface SourceItem {
  /** The act's own number (the first act number of its link text). */
  act?: string;
  consolidated?: string;
  /** The number of the act it amends, when it is an amending act. */
  amends?: string;
  /** Journal date of the item (ISO), when written as d.m.yyyy after the link. */
  published?: string;
  text: string;
}

/** The list items of the page's sources section. */
export function sourceItems(source: string, lang: Language): SourceItem[] {
  source = `\n${source}`;
  const start = source.indexOf(`\n## ${SOURCES_HEADING[lang]}`);
  if (start < 0) return [];
  const section = source.slice(start).split(/\n## /)[1] ?? "";
  return section
    .split("\n")
    .filter((line) => /^\s*[-*] /.test(line))
    .map((text) => {
      const linkText = /\[([^\]]*)\]/.exec(text)?.[1] ?? "";
      const afterLink = text.slice(text.indexOf("](") >= 0 ? text.indexOf(")", text.indexOf("](")) : 0);
      const amendsText = AMENDS[lang].exec(linkText)?.[1];
      const ownText = amendsText !== undefined ? linkText.slice(0, linkText.length - amendsText.length) : linkText;
      const journal = JOURNAL_DATE.exec(afterLink);
      const pad = (value: string) => value.padStart(2, "0");
      return {
        act: ACT_NUMBER.exec(ownText)?.[1],
        consolidated: CONSOLIDATED[lang].exec(text)?.[1],
        amends: amendsText !== undefined ? ACT_NUMBER.exec(amendsText)?.[1] : undefined,
        published: journal ? `${journal[3]}-${pad(journal[2]!)}-${pad(journal[1]!)}` : undefined,
        text,
      };
    });
}

/** Amendments listed that the listed version of the act they amend cannot contain. */
export function sourceVersionProblems(source: string, lang: Language): string[] {
  const items = sourceItems(source, lang);
  const problems: string[] = [];
  for (const amendment of items) {
    if (!amendment.amends) continue;
    const amended = items.filter((item) => item !== amendment && item.act === amendment.amends);
    for (const base of amended) {
      if (base.consolidated && amendment.published && amendment.published > base.consolidated) {
        problems.push(
          `${amendment.act ?? "an act"} (${amendment.published}) amends ${amendment.amends}, whose listed consolidated version is of ${base.consolidated}`,
        );
      }
    }
  }
  return problems;
}
