import type { Page } from "@playwright/test";
import { test, expect, axeViolations } from "./support/fixtures";
import { JOURNEYS as ALL_JOURNEYS, journeysOfPage, stepAnchor, stepNumbers, type Journey } from "../app/config/journeys";
import { pageHref } from "../app/config/site-map";
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from "../app/i18n/languages";
import { readPagesNamespace } from "../scripts/build/content/page-front-matter";
import journeysPt from "../app/features/journeys/locales/pt.json" with { type: "json" };
import journeysEn from "../app/features/journeys/locales/en.json" with { type: "json" };
import uiPt from "../app/i18n/locales/pt/ui.json" with { type: "json" };
import uiEn from "../app/i18n/locales/en/ui.json" with { type: "json" };
import CONFIG from "../config/areaoe.json" with { type: "json" };

/**
 * Issue 47: each journey walked as a visitor on a phone (390 px) would, in each language. With
 * JavaScript off: from the home page's card to the journey page, then every step in order, opened with
 * its native disclosure, its time limits shown, its page followed, that page's "Part of" box naming
 * the journey and leading back to the step (which opens). Then, with JavaScript on, the journey page
 * and the last step's page in the same test (axe, no console error): no second walk.
 */
const JOURNEYS: readonly Journey[] = ALL_JOURNEYS;
const TEXTS = { pt: { journeys: journeysPt, ui: uiPt }, en: { journeys: journeysEn, ui: uiEn } } as const;
const PAGE_TEXTS = Object.fromEntries(LANGUAGES.map((lang) => [lang, readPagesNamespace(process.cwd(), lang)])) as Record<
  Language,
  Record<string, { title: string; breadcrumb: string }>
>;
const PHONE = { width: 390, height: 844 };

const literal = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/**
 * The "Part of" box of the page, read in one pass: it links the journey at the first step that links
 * the page, and it is above the page's title, as GOV.UK shows it.
 */
async function expectPartOf(page: Page, journey: Journey, pageId: string, lang: Language) {
  const membership = journeysOfPage(pageId).find((candidate) => candidate.journey === journey.id);
  expect(membership, `${pageId} is part of ${journey.id}`).toBeDefined();
  const href = `${pageHref(journey.id)}#${stepAnchor(membership!.stepId)}`;
  const box = await page.evaluate(
    ({ label, href }) => {
      const nav = document.querySelector(`nav[aria-label="${label}"]`);
      const link = nav?.querySelector(`a[href="${href}"]`);
      const title = document.querySelector("h1");
      return { text: link?.textContent ?? null, above: !!nav && !!title && nav.getBoundingClientRect().bottom <= title.getBoundingClientRect().top };
    },
    { label: TEXTS[lang].ui.partOf.label, href },
  );
  expect(box, `${pageId}: the Part of box`).toEqual({ text: PAGE_TEXTS[lang][journey.id]!.breadcrumb, above: true });
  return { href, stepId: membership!.stepId };
}

/** What the journey page shows of each step (one pass): its summary, its links, its time limits' rows. */
function readSteps(page: Page) {
  return page.locator("ol.step-by-step > li").evaluateAll((items) =>
    items.map((item) => ({
      summary: item.querySelector("summary")?.textContent ?? "",
      links: [...item.querySelectorAll(".journey-step__links > li")].map((li) => li.querySelector("a")?.getAttribute("href") ?? li.textContent),
      rows: item.querySelectorAll("table tbody > tr").length,
    })),
  );
}

for (const journey of JOURNEYS) {
  for (const lang of LANGUAGES) {
    test(`${journey.id} (${lang}, 390 px): from the home page to its last step without JavaScript, then the pages with it`, async ({ browser, baseURL }) => {
      const texts = TEXTS[lang];
      const title = PAGE_TEXTS[lang][journey.id]!.title;
      const numbers = stepNumbers(journey);

      const off = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      // The language by its cookie, as a visitor who chose it: an address's `?lang=` would be kept in
      // every link (kept-language.ts), which the walk below compares with the model's addresses.
      await off.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL ?? "" }]);
      const page = await off.newPage();
      await page.goto("/areaOE/");
      await page.getByRole("link", { name: literal(title) }).click();
      await expect(page).toHaveURL(pageHref(journey.id));
      await expect(page.locator("h1")).toHaveText(title);
      const list = page.getByRole("list", { name: texts.journeys.stepsLabel.replace("{{title}}", title) });
      await expect(list.locator(":scope > li")).toHaveCount(journey.steps.length);

      // Every step as the model says: its number or "and"/"or" in its name, its links, its time limits.
      const shown = await readSteps(page);
      expect(shown.map((step) => step.rows)).toEqual(journey.steps.map((step) => (step.timeLimits?.length ?? 0)));
      journey.steps.forEach((step, index) => {
        const spoken = step.logic
          ? texts.ui.stepByStep.logicStep.replace("{{number}}", String(numbers[index])).replace("{{logic}}", texts.ui.stepByStep[step.logic])
          : texts.ui.stepByStep.step.replace("{{number}}", String(numbers[index]));
        expect(shown[index]!.summary, step.id).toContain(spoken);
        expect(shown[index]!.links.slice(0, step.pages.length), step.id).toEqual(step.pages.map((target) => pageHref(target)));
        // The services at their configured addresses (the simulator has none by default: its name alone).
        const services = (step.services ?? []).map((service) => CONFIG.links[service as keyof typeof CONFIG.links] ?? texts.journeys.services[service]);
        expect(shown[index]!.links.slice(step.pages.length), step.id).toEqual(services);
      });

      // Then walk them: open each step (a native disclosure), follow its page, whose Part of box names
      // the journey; back with the browser's Back, and from the last step with the box's link, which
      // opens the step it points to.
      for (const [index, step] of journey.steps.entries()) {
        const item = list.locator(":scope > li").nth(index);
        if (!(await item.locator("details").evaluate((node: HTMLDetailsElement) => node.open))) await item.locator("summary").click();
        await item.locator(`.journey-step__links a[href="${pageHref(step.pages[0]!)}"]`).click();
        await expect(page).toHaveURL(pageHref(step.pages[0]!));
        const back = await expectPartOf(page, journey, step.pages[0]!, lang);
        if (index < journey.steps.length - 1) {
          await page.goBack();
          continue;
        }
        await page.locator(`a[href="${back.href}"]`).first().click();
        await expect(page).toHaveURL(back.href);
        await expect(page.locator(`details:has(#${stepAnchor(back.stepId)})`)).toHaveAttribute("open", "");
        await expect(page.locator(`#${stepAnchor(back.stepId)}`)).toBeInViewport();
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
      await live.goto(`${pageHref(last.pages[0]!)}?lang=${lang}`);
      await expectPartOf(live, journey, last.pages[0]!, lang);
      expect(errors).toEqual([]);
      await on.close();
    });
  }
}
