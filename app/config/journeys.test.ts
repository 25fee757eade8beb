import { describe, expect, it } from "vitest";
import { JOURNEYS, journeysOfPage, stepCount, stepNumbers, type Journey } from "./journeys";
import { childPages, findPage, hasContentFile, type SitePage } from "./site-map";

const sample: Journey = {
  id: "journey-import",
  steps: [
    { id: "a", actors: ["importer"], pages: ["first-steps"] },
    { id: "b", actors: ["importer"], pages: ["import"] },
    { id: "b-or", logic: "or", actors: ["representative"], pages: ["import-dain"] },
    { id: "c", actors: ["debtor"], pages: ["liquidation-settlements", "import"] },
    { id: "c-and", logic: "and", actors: ["debtor"], pages: ["liquidation-guarantees"] },
  ],
};

describe("the journey model", () => {
  it("numbers the steps, a logic step taking the number of the step it belongs to", () => {
    expect(stepNumbers(sample)).toEqual([1, 2, 2, 3, 3]);
    expect(stepCount(sample)).toBe(3);
  });

  it("finds the journeys a page is part of, at the first step that links it", () => {
    expect(journeysOfPage("import", [sample])).toEqual([{ journey: "journey-import", stepId: "b", stepNumber: 2, stepCount: 3 }]);
    expect(journeysOfPage("liquidation-guarantees", [sample])).toEqual([{ journey: "journey-import", stepId: "c-and", stepNumber: 3, stepCount: 3 }]);
    expect(journeysOfPage("privacy", [sample])).toEqual([]);
  });

  it("has one journey per child of the journeys page, each a page with its content files", () => {
    expect(JOURNEYS.map((journey) => journey.id)).toEqual(childPages("journeys").map((page) => page.id));
    for (const journey of JOURNEYS) {
      const page = findPage(journey.id);
      expect(page?.parent, journey.id).toBe("journeys");
      expect(page && hasContentFile(page), journey.id).toBe(true);
    }
  });

  it("gives every step a unique kebab-case id, someone who acts and a page; only a later step has a logic", () => {
    for (const journey of JOURNEYS) {
      const ids = journey.steps.map((step) => step.id);
      expect(new Set(ids).size, journey.id).toBe(ids.length);
      for (const id of ids) expect(id, journey.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect("logic" in journey.steps[0]!, `${journey.id}: its first step`).toBe(false);
      for (const step of journey.steps) {
        expect(step.actors.length, `${journey.id}/${step.id}`).toBeGreaterThan(0);
        expect(step.pages.length, `${journey.id}/${step.id}`).toBeGreaterThan(0);
        // A page whose text is 'Coming soon' is not where a step is done.
        for (const page of step.pages) {
          const entry: SitePage | undefined = findPage(page);
          expect(entry && entry.routed !== false && entry.comingSoon === undefined, `${journey.id}/${step.id}: ${page}`).toBe(true);
        }
      }
    }
  });

  it("names a time-limit record at most once per journey (its table row's id is unique on the page)", () => {
    for (const journey of JOURNEYS) {
      const records = journey.steps.flatMap((step) => ("timeLimits" in step ? [...step.timeLimits] : []));
      expect(new Set(records).size, journey.id).toBe(records.length);
    }
  });

  it("makes the first steps' pages part of every journey", () => {
    expect(journeysOfPage("first-steps").map((membership) => membership.journey)).toEqual(JOURNEYS.map((journey) => journey.id));
  });
});
