import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { childPages, hasContentFile, findPage } from "../../../app/config/site-map";
import type { TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";
import { sourceFor } from "../../../app/features/time-limits/time-limit-text";
import { validTimeLimits } from "../../build/time-limits/read-time-limits";
import { elements, readAllContentFiles, type ContentFile } from "./site-tree";
import { phraseProblems, visibleText, type AllowedPhrase } from "./time-limit-phrases";

/**
 * Issue 39: every time limit a page states is a record of content/time-limits/*.json listed for that
 * page, with the same number and unit; the page shows its records (`<TimeLimits />`) and cites their
 * sources. The phrase check runs on every page that has a record, a table or an allowed phrase; the
 * last test asks every system page for its table.
 */
const root = process.cwd();

/**
 * Phrases that name a number and a time unit but are not a time limit of the page's records. Each
 * entry says why; an entry the page no longer has fails the check.
 */
const ALLOWED: Record<string, Partial<Record<Language, AllowedPhrase[]>>> = {
  "liquidation-settlements": {
    pt: [{ phrase: "dez anos", why: "the upper bound of the five-to-ten-year range national law sets (UCC art. 103(2)): record settlement-notification-limit-criminal, set case by case" }],
    en: [{ phrase: "ten years", why: "the upper bound of the five-to-ten-year range national law sets (UCC art. 103(2)): record settlement-notification-limit-criminal, set case by case" }],
  },
  "iva-exp": {
    pt: [
      { phrase: "1 minuto", why: "the security header's technical validity (the security header pages), not a time limit of the law" },
      { phrase: "3 dias úteis", why: "how long the AT's answers to support requests may take, not a time limit an operator must meet" },
    ],
    en: [
      { phrase: "1 minute", why: "the security header's technical validity (the security header pages), not a time limit of the law" },
      { phrase: "3 working days", why: "how long the AT's answers to support requests may take, not a time limit an operator must meet" },
    ],
  },
};

/** The areas whose children are system pages (issue 39). */
const SYSTEM_AREAS = ["import", "export", "transit", "excise", "vehicle-tax", "transport", "liquidation", "iva-exp"];

let files: ContentFile[] = [];
let records: TimeLimitRecord[] = [];
const sources = new Map<string, string>();

beforeAll(async () => {
  records = validTimeLimits(root);
  files = await readAllContentFiles(root);
  for (const file of files) sources.set(file.file, readFileSync(path.join(root, file.file), "utf8"));
}, 120_000);

function hasTable(file: string): boolean {
  return /<TimeLimits\s*\/>/.test(sources.get(file) ?? "");
}

function inScope(pageId: string): boolean {
  return records.some((record) => record.pages.includes(pageId)) || pageId in ALLOWED || LANGUAGES.some((lang) => hasTable(`content/${lang}/${pageId}.mdx`));
}

describe("time limits stated on the pages", () => {
  it.each(LANGUAGES)("in %s, every time limit a page states has a record on that page with the same number", (lang) => {
    const problems = files
      .filter((file) => file.lang === lang && inScope(file.pageId))
      .flatMap((file) => phraseProblems(file.file, file.pageId, visibleText(file.tree), lang, records, ALLOWED[file.pageId]?.[lang]));
    expect(problems).toEqual([]);
  });

  it("every page a record lists shows its table and cites the record's source, in both languages", () => {
    const problems: string[] = [];
    for (const record of records) {
      for (const pageId of record.pages) {
        for (const lang of LANGUAGES) {
          const name = `content/${lang}/${pageId}.mdx`;
          const file = files.find((candidate) => candidate.file === name);
          if (!file) {
            problems.push(`record ${record.id}: page ${pageId} has no content file ${name}`);
            continue;
          }
          if (!hasTable(name)) problems.push(`${name}: lists record ${record.id} but has no <TimeLimits /> table`);
          const href = sourceFor(record, lang);
          const cited = [...elements(file.tree)].some((element) => element.tagName === "a" && element.properties?.href === href);
          if (!cited) problems.push(`${name}: does not cite the source of record ${record.id} (${href})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("the allow-list names pages of the manifest, each phrase with its reason", () => {
    for (const [pageId, byLang] of Object.entries(ALLOWED)) {
      expect(findPage(pageId), pageId).toBeDefined();
      for (const entry of Object.values(byLang).flat()) expect(entry.why.length, `${pageId}: ${entry.phrase}`).toBeGreaterThan(20);
    }
  });
});

// D2's records (h/time-limits-research) satisfy this one for the pages of the other areas.
describe("every system page has its time-limit table", () => {
  it("the children of the system areas with a content file have <TimeLimits /> in both languages", () => {
    const missing = SYSTEM_AREAS.flatMap((area) => childPages(area))
      .filter((page) => hasContentFile(page))
      .flatMap((page) => LANGUAGES.map((lang) => `content/${lang}/${page.id}.mdx`))
      .filter((name) => !hasTable(name));
    expect(missing).toEqual([]);
  });
});
