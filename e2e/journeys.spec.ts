import type { Page } from "@playwright/test";
import { test, expect, axeViolations } from "./support/fixtures";
import { JOURNEYS, journeysOfPage, stepAnchor, stepNumbers, type Journey } from "../app/config/journeys";
import { pageHref } from "../app/config/site-map";
import { LANGUAGES, type Language } from "../app/i18n/languages";
import { readPagesNamespace } from "../scripts/content/page-front-matter";
import journeysPt from "../app/features/journeys/locales/pt.json" with { type: "json" };
import journeysEn from "../app/features/journeys/locales/en.json" with { type: "json" };
import uiPt from "../app/i18n/locales/pt/ui.json" with { type: "json" };
import uiEn from "../app/i18n/locales/en/ui.json" with { type: "json" };

/**
 * Issue 47: each journey walked as a visitor on a phone (390 px) would, in each language. With
 * JavaScript off: from the home page's card to the journey page, then every step in order, opened with
 * its native disclosure, its time limits shown, its page followed, that page's "Part of" box naming
 * the journey and leading back to the step (which opens). Then, with JavaScript on, the journey page
 * and the last step's page in the same test (axe, no console error): no second walk.
 */
const TEXTS = { pt: { journeys: journeysPt, ui: uiPt }, en: { journeys: journeysEn, ui: uiEn } } as const;
const PAGE_TEXTS = Object.fromEntries(LANGUAGES.map((lang) => [lang, readPagesNamespace(process.cwd(), lang)])) as Record<
  Language,
  Record<string, { title: string; breadcrumb: string }>
>;
const PHONE = { width: 390, height: 844 };

const literal = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The "Part of" box of the page: it links the journey at the first step that links the page. */
async function expectPartOf(page: Page, journey: Journey, pageId: string, lang: Language) {
  const membership = journeysOfPage(pageId).find((candidate) => candidate.journey === journey.id);
  expect(membership, `${pageId} is part of ${journey.id}`).toBeDefined();
  const box = page.getByRole("navigation", { name: TEXTS[lang].ui.partOf.label });
  const link = box.getByRole("link", { name: literal(PAGE_TEXTS[lang][journey.id]!.breadcrumb) });
  await expect(link).toHaveAttribute("href", `${pageHref(journey.id)}#${stepAnchor(membership!.stepId)}`);
  // Above the page's title, as GOV.UK shows it.
  const [boxTop, titleTop] = await Promise.all([box.evaluate((node) => node.getBoundingClientRect().top), page.locator("h1").evaluate((node) => node.getBoundingClientRect().top)]);
  expect(boxTop).toBeLessThan(titleTop);
  return { link, stepId: membership!.stepId };
}

for (const journey of JOURNEYS) {
  for (const lang of LANGUAGES) {
    test(`${journey.id} (${lang}, 390 px): from the home page to its last step without JavaScript, then the pages with it`, async ({ browser }) => {
      const texts = TEXTS[lang];
      const title = PAGE_TEXTS[lang][journey.id]!.title;
      const numbers = stepNumbers(journey);

      const off = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      const page = await off.newPage();
      await page.goto(`/areaOE/?lang=${lang}`);
      await page.getByRole("link", { name: literal(title) }).click();
      await expect(page).toHaveURL(pageHref(journey.id));
      await expect(page.locator("h1")).toHaveText(title);
      const list = page.getByRole("list", { name: texts.journeys.stepsLabel.replace("{{title}}", title) });
      await expect(list.locator(":scope > li")).toHaveCount(journey.steps.length);

      for (const [index, step] of journey.steps.entries()) {
        const item = list.locator(":scope > li").nth(index);
        const details = item.locator("details");
        // The step's name says its number, or "Step 2, or" for a logic step.
        const spoken = step.logic
          ? texts.ui.stepByStep.logicStep.replace("{{number}}", String(numbers[index])).replace("{{logic}}", texts.ui.stepByStep[step.logic])
          : texts.ui.stepByStep.step.replace("{{number}}", String(numbers[index]));
        await expect(item.locator("summary")).toContainText(spoken);
        if (!(await details.evaluate((node: HTMLDetailsElement) => node.open))) await item.locator("summary").click();
        await expect(details).toHaveAttribute("open", "");
        const records = "timeLimits" in step ? step.timeLimits.length : 0;
        const table = details.getByRole("table", { name: texts.journeys.timeLimitsCaption });
        if (records > 0) await expect(table.locator("tbody > tr")).toHaveCount(records);
        else await expect(table).toHaveCount(0);
        const where = details.locator(".journey-step__links");
        for (const target of step.pages) await expect(where.getByRole("link", { name: literal(PAGE_TEXTS[lang][target]!.title) })).toHaveAttribute("href", pageHref(target));
        await expect(where.locator("li")).toHaveCount(step.pages.length + ("services" in step ? step.services.length : 0));

        // Follow the step's page: its Part of box names the journey. Back to the journey with the
        // browser's Back (the page as it was left); from the last step, with the box's link, which opens
        // the step it points to.
        await where.getByRole("link", { name: literal(PAGE_TEXTS[lang][step.pages[0]]!.title) }).click();
        await expect(page).toHaveURL(pageHref(step.pages[0]));
        const back = await expectPartOf(page, journey, step.pages[0], lang);
        if (index < journey.steps.length - 1) {
          await page.goBack();
          continue;
        }
        await back.link.click();
        await expect(page).toHaveURL(`${pageHref(journey.id)}#${stepAnchor(back.stepId)}`);
        await expect(page.locator(`#${stepAnchor(back.stepId)}`)).toBeInViewport();
        await expect(page.locator(`details:has(#${stepAnchor(back.stepId)})`)).toHaveAttribute("open", "");
      }
      await off.close();

      // With JavaScript: the same pages, checked (axe on the journey page), not walked again.
      const on = await browser.newContext({ viewport: PHONE });
      const live = await on.newPage();
      const errors: string[] = [];
      live.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
      live.on("pageerror", (error) => errors.push(error.message));
      await live.goto(`${pageHref(journey.id)}?lang=${lang}`);
      const summary = live.getByRole("list", { name: texts.journeys.stepsLabel.replace("{{title}}", title) }).locator("summary").last();
      await summary.click();
      await expect(live.locator("details").last()).toHaveAttribute("open", "");
      expect(await axeViolations(live)).toEqual([]);
      // Nothing sideways on a phone.
      expect(await live.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const last = journey.steps.at(-1)!;
      await live.goto(`${pageHref(last.pages[0])}?lang=${lang}`);
      await expectPartOf(live, journey, last.pages[0], lang);
      expect(errors).toEqual([]);
      await on.close();
    });
  }
}
