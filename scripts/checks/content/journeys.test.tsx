import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { JOURNEYS as ALL_JOURNEYS, journeysOfPage, stepAnchor, type Journey } from "../../../app/config/journeys";
import { pageHref, ROUTED_PAGES } from "../../../app/config/site-map";
import { LANGUAGES } from "../../../app/i18n/languages";
import { PartOfJourneys } from "../../../app/features/journeys/part-of-journeys";
import { withI18n } from "../../../app/components/ui/test-i18n";
import type { TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";
import { validTimeLimits } from "../../build/time-limits/read-time-limits";
import type { Node } from "../../build/search/extract-sections";
import { compileSiteTree } from "./site-tree";
import { phraseProblems, visibleText } from "./time-limit-phrases";

/**
 * The journeys (app/config/journeys.ts) and their pages agree: each journey's content files write its
 * steps, in the model's order, each with a title; the records its steps name exist; the journey's text
 * states a time limit only as one of those records (the steps show them, with their sources); and every
 * page a step links shows, in its "Part of" box, each journey it is part of.
 */
const root = process.cwd();
const JOURNEYS: readonly Journey[] = ALL_JOURNEYS;
const trees = new Map<string, Node>();
let records: TimeLimitRecord[] = [];

beforeAll(async () => {
  records = validTimeLimits(root);
  for (const journey of JOURNEYS) {
    for (const lang of LANGUAGES) {
      const file = `content/${lang}/${journey.id}.mdx`;
      trees.set(file, await compileSiteTree(readFileSync(file, "utf8")));
    }
  }
}, 60_000);

function* jsx(node: Node, name: string): Generator<Node> {
  if ((node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") && node.name === name) yield node;
  for (const child of node.children ?? []) yield* jsx(child, name);
}

const attribute = (node: Node, name: string) => {
  const value = node.attributes?.find((candidate) => candidate.name === name)?.value;
  return typeof value === "string" ? value : undefined;
};

describe("journeys and their content files", () => {
  it.each(LANGUAGES)("in %s, each journey page writes the model's steps, in order, inside one <StepByStep>, each with its title", (lang) => {
    for (const journey of JOURNEYS) {
      const file = `content/${lang}/${journey.id}.mdx`;
      const tree = trees.get(file)!;
      const lists = [...jsx(tree, "StepByStep")];
      expect(lists, `${file}: one <StepByStep>`).toHaveLength(1);
      const steps = [...jsx(lists[0]!, "Step")];
      expect(steps.map((step) => attribute(step, "id")), file).toEqual(journey.steps.map((step) => step.id));
      expect([...jsx(tree, "Step")], `${file}: every <Step> is inside <StepByStep>`).toHaveLength(steps.length);
      for (const step of steps) expect(attribute(step, "title")?.trim(), `${file}: the title of ${attribute(step, "id")}`).toBeTruthy();
    }
  });

  it("names time-limit records that exist", () => {
    const ids = new Set(records.map((record) => record.id));
    const missing = JOURNEYS.flatMap((journey) =>
      journey.steps.flatMap((step) => (step.timeLimits ?? []).filter((id) => !ids.has(id)).map((id) => `${journey.id}/${step.id}: ${id}`)),
    );
    expect(missing).toEqual([]);
  });

  it("names every time limit of a family its step is about (a record added to the family later is not left out)", () => {
    // The pre-departure declaration's time limits by mode (Article 244 DA) and the entry summary
    // declaration's by sea (Article 105 DA): a step that shows some of them shows them all.
    const FAMILIES = [
      { journey: "journey-export", step: "declaracao", prefix: "export-pdd-" },
      { journey: "journey-import", step: "chegada", prefix: "ens-sea-" },
    ];
    const missing = FAMILIES.flatMap(({ journey, step, prefix }) => {
      const named = new Set<string>(JOURNEYS.find((candidate) => candidate.id === journey)?.steps.find((candidate) => candidate.id === step)?.timeLimits ?? []);
      return records.filter((record) => record.id.startsWith(prefix) && !named.has(record.id)).map((record) => `${journey}/${step}: ${record.id}`);
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("in %s, a journey's text states a time limit only as a record one of its steps names", (lang) => {
    const problems = JOURNEYS.flatMap((journey) => {
      const named = new Set(journey.steps.flatMap((step) => [...(step.timeLimits ?? [])]));
      // The journey's records, as if listed for the journey's page: the check of the system pages, applied here.
      const own = records.map((record) => (named.has(record.id) ? { ...record, pages: [...record.pages, journey.id] } : record));
      const file = `content/${lang}/${journey.id}.mdx`;
      const tree = trees.get(file)!;
      const titles = [...jsx(tree, "Step")].map((step) => attribute(step, "title") ?? "").join("\n");
      return phraseProblems(file, journey.id, `${visibleText(tree)}\n${titles}`, lang, own);
    });
    expect(problems).toEqual([]);
  });
});

describe("the Part of box", () => {
  it.each(LANGUAGES)("in %s, every page a step links shows each journey it is part of, linked to that step", (lang) => {
    const stepPages = new Set<string>(JOURNEYS.flatMap((journey) => journey.steps.flatMap((step) => [...step.pages])));
    expect(stepPages.size).toBeGreaterThan(10);
    for (const page of ROUTED_PAGES) {
      const html = renderToStaticMarkup(withI18n(<PartOfJourneys pageId={page.id} />, lang));
      const memberships = journeysOfPage(page.id);
      expect(memberships.length > 0, page.id).toBe(stepPages.has(page.id));
      for (const membership of memberships) {
        expect(html, `${page.id} in ${membership.journey}`).toContain(`href="${pageHref(membership.journey)}#${stepAnchor(membership.stepId)}"`);
      }
      if (memberships.length === 0) expect(html, page.id).toBe("");
    }
  });
});
