import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../app/i18n/languages";
import { parseReviewDate } from "../../../app/features/content/page-reviews";
import { SITE_PAGES } from "../../../app/config/site-map";
import { figuresOf, multisetDifference, sectionFigures, twinFigureProblems } from "./twin-numbers";
import { sourceItems, sourceVersionProblems } from "./source-versions";
import { collectFrontMatter } from "../../build/content/page-front-matter";

/**
 * Every page dated (a review no older than twelve months), no amendment newer than the
 * consolidated version a page lists, and a pt page and its en twin stating the same numbers and dates.
 */
const root = process.cwd();
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const contentIds = (lang: string) =>
  existsSync(path.join(root, "content", lang))
    ? readdirSync(path.join(root, "content", lang)).filter((name) => name.endsWith(".mdx")).map((name) => path.basename(name, ".mdx"))
    : [];

/** Twelve months before a day, at UTC midnight. */
function twelveMonthsBefore(today: Date): Date {
  return new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()));
}

/** Problems of the review dates against the pages and a day. */
export function reviewProblems(reviews: Record<string, { reviewed?: unknown }>, pageIds: readonly string[], today: Date): string[] {
  const problems: string[] = [];
  const oldest = twelveMonthsBefore(today);
  for (const id of pageIds) {
    const reviewed = reviews[id]?.reviewed;
    const date = typeof reviewed === "string" ? parseReviewDate(reviewed) : undefined;
    if (!date) problems.push(`${id}: no valid review date`);
    else if (date < oldest) problems.push(`${id}: reviewed ${String(reviewed)}, more than twelve months ago`);
    else if (date > today) problems.push(`${id}: reviewed ${String(reviewed)}, a day still to come`);
  }
  for (const id of Object.keys(reviews)) if (!pageIds.includes(id)) problems.push(`${id}: reviewed, but there is no such page`);
  return problems;
}

describe("review dates (`reviewed` in the content files' front matter)", () => {
  const pageIds = [...new Set(LANGUAGES.flatMap(contentIds))];

  it("every page with content has a review no older than twelve months, and no review names a missing page", () => {
    const { reviews } = collectFrontMatter(root);
    expect(reviewProblems(reviews, pageIds, new Date())).toEqual([]);
  });

  it("fails a missing date, an invalid one, one older than twelve months and a stray page", () => {
    const today = new Date(Date.UTC(2026, 10, 26));
    expect(
      reviewProblems(
        { a: { reviewed: "2025-11-26" }, b: { reviewed: "2025-11-25" }, c: { reviewed: "2026-02-30" }, x: { reviewed: "2026-01-01" } },
        ["a", "b", "c", "d"],
        today,
      ),
    ).toEqual([
      "b: reviewed 2025-11-25, more than twelve months ago",
      "c: no valid review date",
      "d: no valid review date",
      "x: reviewed, but there is no such page",
    ]);
  });

  it("every routed page with a content file is in the site map (the review shows on a page that exists)", () => {
    const ids = new Set<string>(SITE_PAGES.map((page) => page.id));
    expect(pageIds.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe("figures of a text", () => {
  it("normalises dates in either language and decimal commas", () => {
    expect(figuresOf("a 1 de julho de 2026, até 1.7.2028 ou 2026-07-01; 0,25 litros; julho de 2021")).toEqual(
      figuresOf("on 1 July 2026, until 1.7.2028 or 1 July 2026; 0.25 litre; July 2021"),
    );
    expect(figuresOf("1 de julho de 2026")).toEqual(["2026-07-01"]);
    expect(figuresOf("18.2.2026")).toEqual(["2026-02-18"]);
    expect(figuresOf("1 000 e 1.000 euros")).toEqual(["1000", "1000"]);
  });

  it("sees a number or a date that differs", () => {
    const pt = "## Prazos\n\nA declaração é entregue em 150 dias, desde 1 de julho de 2026.\n";
    const en = "## Deadlines\n\nThe declaration is lodged within 120 days, from 1 July 2026.\n";
    expect(twinFigureProblems(pt, en)).toEqual([`section "Prazos" / "Deadlines": only in pt [150], only in en [120]`]);
    expect(twinFigureProblems(pt, en.replace("120", "150").replace("1 July", "2 July"))).toHaveLength(1);
    expect(twinFigureProblems(pt, en.replace("120", "150"))).toEqual([]);
  });

  it("leaves out link addresses, tags and code", () => {
    const [intro] = sectionFigures('Ver [Regulamento 2026/382](https://eur-lex.europa.eu/?uri=CELEX:32026R0382) <Documents ids={["x-2"]} />\n\n```\n42\n```\n');
    expect(intro?.figures).toEqual(["2026", "382"]);
    expect(multisetDifference(["1", "1", "2"], ["1", "3"])).toEqual({ onlyA: ["1", "2"], onlyB: ["3"] });
  });
});

/**
 * Differences found on pages another helper re-verifies in the same round (their files are not ours to
 * edit): each exact problem, with what is wrong. The page's next review fixes the text; the entry can
 * then go (an entry that no longer matches is ignored).
 */
const KNOWN_TWIN_DIFFERENCES: Record<string, { problem: string; why: string }[]> = {};

describe("pt and en twins state the same numbers and dates", () => {
  it.each(contentIds("pt").filter((id) => contentIds("en").includes(id)))("%s", (id) => {
    const known = new Set((KNOWN_TWIN_DIFFERENCES[id] ?? []).map(({ problem }) => problem));
    const problems = twinFigureProblems(read(`content/pt/${id}.mdx`), read(`content/en/${id}.mdx`));
    expect(problems.filter((problem) => !known.has(problem))).toEqual([]);
  });

  it("the change log's entries too", () => {
    const changes = JSON.parse(read("content/changes.json")) as { id: string; pt: { title: string; text: string }; en: { title: string; text: string } }[];
    const problems = changes.flatMap(({ id, pt, en }) => {
      const { onlyA, onlyB } = multisetDifference(figuresOf(`${pt.title} ${pt.text}`), figuresOf(`${en.title} ${en.text}`));
      return onlyA.length || onlyB.length ? [`${id}: only in pt [${onlyA.join(", ")}], only in en [${onlyB.join(", ")}]`] : [];
    });
    expect(problems).toEqual([]);
  });
});

describe("sources: no amendment newer than the consolidated version listed", () => {
  it.each(LANGUAGES.flatMap((lang) => contentIds(lang).map((id) => [lang, id] as const)))("%s/%s", (lang, id) => {
    expect(sourceVersionProblems(read(`content/${lang}/${id}.mdx`), lang)).toEqual([]);
  });

  it("reads the convention and fails an amendment newer than the version", () => {
    const page = [
      "## Legislação e fontes",
      "",
      "- [Regulamento (CE) n.º 1186/2009, relativo às franquias](https://eur-lex.europa.eu/x), EUR-Lex, versão consolidada de 2025-01-17",
      "- [Regulamento (UE) 2026/382 do Conselho, que altera o Regulamento (CE) n.º 1186/2009](https://eur-lex.europa.eu/y), Jornal Oficial da União Europeia, 18.2.2026",
      "",
    ].join("\n");
    expect(sourceItems(page, "pt").map(({ act, consolidated, amends, published }) => ({ act, consolidated, amends, published }))).toEqual([
      { act: "1186/2009", consolidated: "2025-01-17", amends: undefined, published: undefined },
      { act: "2026/382", consolidated: undefined, amends: "1186/2009", published: "2026-02-18" },
    ]);
    expect(sourceVersionProblems(page, "pt")).toEqual([
      "2026/382 (2026-02-18) amends 1186/2009, whose listed consolidated version is of 2025-01-17",
    ]);
    expect(sourceVersionProblems(page.replace("2025-01-17", "2026-07-01"), "pt")).toEqual([]);
    const en = page
      .replace("Legislação e fontes", "Legislation and sources")
      .replace("versão consolidada de", "consolidated version of")
      .replace("que altera o Regulamento (CE) n.º", "amending Regulation (EC) No");
    expect(sourceVersionProblems(en, "en")).toHaveLength(1);
  });
});
