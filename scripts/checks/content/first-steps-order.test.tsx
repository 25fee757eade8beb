import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FIRST_STEPS } from "../../../app/config/first-steps";
import { findJourney } from "../../../app/config/journeys";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { FirstStepsGuide } from "../../../app/features/session/first-steps-guide";
import { withI18n } from "../../../app/components/ui/test-i18n";
import { diagramFile, gettingStartedSvg, readFirstStepTexts } from "../../build/diagrams/getting-started";
import { extractSections } from "../../build/search/extract-sections";

/**
 * Issue 47: one order for the first steps everywhere (app/config/first-steps.ts: the finance portal's
 * registration, then GUE, whose user management is entered with those credentials). The home page's
 * diagram, the first-steps page's stepper, the sections of that page and the web services journey tell
 * the same order.
 */
const sessionTexts = (lang: Language) =>
  JSON.parse(readFileSync(`app/features/session/locales/${lang}.json`, "utf8")) as { steps: Record<string, { title: string }> };

/** The sections of the first-steps page that explain a first step, by their anchors (rehype-slug). */
const SECTIONS: Record<Language, Partial<Record<(typeof FIRST_STEPS)[number], string>>> = {
  pt: { financePortal: "registo-no-portal-das-finanças", gue: "acreditação-na-gue" },
  en: { financePortal: "registration-on-the-finance-portal", gue: "accreditation-in-gue" },
};

describe("the first steps, in one order", () => {
  it.each(LANGUAGES)("in %s, the home page's diagram is the one written from the list (npx tsx scripts/build/diagrams/getting-started.ts)", (lang) => {
    const svg = gettingStartedSvg(readFirstStepTexts(lang));
    expect(readFileSync(diagramFile(lang), "utf8")).toBe(svg);
    // Its boxes, in order, carry the list's labels.
    const labels = readFirstStepTexts(lang).steps;
    const positions = FIRST_STEPS.map((step) => svg.indexOf(`>${labels[step].split(" ")[0]}`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it.each(LANGUAGES)("in %s, the stepper shows the steps in that order, numbered", (lang) => {
    const html = renderToStaticMarkup(withI18n(<FirstStepsGuide gueHref="https://gue.example/" financePortalHref="https://portal.example/" />, lang));
    const headings = [...html.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map((match) => match[1]);
    const word = lang === "pt" ? "Passo" : "Step";
    const of = lang === "pt" ? "de" : "of";
    expect(headings).toEqual(FIRST_STEPS.map((step, index) => `${word} ${index + 1} ${of} ${FIRST_STEPS.length}: ${sessionTexts(lang).steps[step]!.title}`));
    // Registration links the finance portal, before GUE's link.
    expect(html.indexOf("https://portal.example/")).toBeLessThan(html.indexOf("https://gue.example/"));
  });

  it.each(LANGUAGES)("in %s, the first-steps page's sections come in that order", async (lang) => {
    const sections = await extractSections(readFileSync(`content/${lang}/first-steps.mdx`, "utf8"));
    const anchors = sections.map((section) => section.anchor);
    const expected = FIRST_STEPS.map((step) => SECTIONS[lang][step]).filter((anchor): anchor is string => anchor !== undefined);
    expect(expected.every((anchor) => anchors.includes(anchor)), anchors.join(", ")).toBe(true);
    expect(anchors.filter((anchor) => expected.includes(anchor))).toEqual(expected);
  });

  it("the web services journey starts with the same two steps", () => {
    const steps = findJourney("journey-web-services")!.steps.slice(0, 2);
    expect(steps.map((step) => step.services)).toEqual([["financePortal"], ["gue"]]);
    expect(FIRST_STEPS.slice(0, 2)).toEqual(["financePortal", "gue"]);
  });
});
