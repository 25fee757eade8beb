import type { Page } from "@playwright/test";
import { test, expect, axeViolations, isIslandPage, isRouterPage } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";
import { FIRST_STEPS } from "../app/config/first-steps";
import ivaPt from "../app/features/iva-exp/locales/pt.json" with { type: "json" };
import ivaEn from "../app/features/iva-exp/locales/en.json" with { type: "json" };
import renewalPt from "../app/features/certificate-renewal/locales/pt.json" with { type: "json" };
import renewalEn from "../app/features/certificate-renewal/locales/en.json" with { type: "json" };
import sessionPt from "../app/features/session/locales/pt.json" with { type: "json" };
import sessionEn from "../app/features/session/locales/en.json" with { type: "json" };
import uiPt from "../app/i18n/locales/pt/ui.json" with { type: "json" };
import uiEn from "../app/i18n/locales/en/ui.json" with { type: "json" };
import errorsPt from "../app/features/errors/locales/pt.json" with { type: "json" };
import errorsEn from "../app/features/errors/locales/en.json" with { type: "json" };

/**
 * The IVAExp check, the renewal planner, the first steps' stepper and systems table as islands
 * (app/islands/island.tsx): at 390 px, in both languages, each answers in the browser without React
 * Router and without asking the server, and without JavaScript the same page answers from the server.
 * No console error (a hydration mismatch is one).
 */
const TEXTS = {
  pt: { iva: ivaPt, renewal: renewalPt, session: sessionPt, ui: uiPt, errors: errorsPt },
  en: { iva: ivaEn, renewal: renewalEn, session: sessionEn, ui: uiEn, errors: errorsEn },
} as const;

const ISLAND_SCRIPT = /\/(iva-exp-check|renewal-planner|first-steps-guide|systems-table)[\w.-]*\.js(\?|$)/;

/** Waits until every island of the page is hydrated (the runtime hydrates each container). */
async function waitForIslands(page: Page, count: number) {
  await expect(page.locator("[data-island]")).not.toHaveCount(0);
  await page.waitForFunction((n) => document.querySelectorAll("form[data-interactive], .stepper button, [data-island] table").length >= n, count);
}

/** A text as a regular expression that finds it inside a longer name. */
const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ["pt", "en"] as const) {
  const t = TEXTS[lang];

  test(`IVAExp check: an island without React Router that answers in the browser (${lang}, 390 px)`, async ({ page, consoleErrors }) => {
    const serverAnswers: string[] = [];
    await page.goto(`${pageHref("iva-exp")}?lang=${lang}`);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    expect(await isIslandPage(page)).toBe(true);
    expect(await isRouterPage(page)).toBe(false);
    page.on("request", (request) => {
      if (request.resourceType() === "document" || request.url().includes(".data")) serverAnswers.push(request.url());
    });
    await page.getByLabel(t.iva.questions.value.label).fill(lang === "pt" ? "1.000,01" : "1,000.01");
    for (const question of ["consignment", "exportDuties", "exit", "excise"] as const) {
      const group = page.getByRole("group", { name: t.iva.questions[question].label });
      await group.getByRole("radio").first().check();
    }
    await page.getByRole("button", { name: t.iva.submit }).click();
    await expect(page.getByText(t.iva.notEligible)).toBeVisible();
    await expect(page.locator(".iva-exp-check__result")).toBeFocused();
    await expect(page).toHaveURL(/valor=.*#iva-exp-check$/);
    expect(serverAnswers).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test(`renewal planner: an island that answers in the browser; the certificates table is server HTML (${lang}, 390 px)`, async ({ page, consoleErrors }) => {
    await page.goto(`${pageHref("web-services")}?lang=${lang}`);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    expect(await isRouterPage(page)).toBe(false);
    // The table is not an island: no script of its own.
    await expect(page.locator("[data-island] [data-testid=authority-certificates]")).toHaveCount(0);
    await page.getByLabel(t.renewal.label).fill("31/12/2030");
    await page.getByRole("button", { name: t.renewal.submit }).click();
    await expect(page.getByRole("heading", { name: t.renewal.resultHeading })).toBeVisible();
    await expect(page.locator(".renewal-planner__result")).toBeFocused();
    await expect(page).toHaveURL(/validade=31%2F12%2F2030&lang=/);
    // Back: the planner without an answer again, as the first address.
    await page.goBack();
    await expect(page.getByRole("heading", { name: t.renewal.resultHeading })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test(`first steps: the stepper and the systems table are islands, the table's code loaded once scrolled near (${lang}, 390 px)`, async ({ page, consoleErrors }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(`${pageHref("first-steps")}?lang=${lang}`);
    await waitForIslands(page, 2);
    // The systems table is below the fold (`when="visible"`, app/islands/island-loader.ts): not loaded with the page.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const tableIsland = page.locator('[data-island="systems-table"]');
    await expect(tableIsland).toHaveAttribute("data-island-when", "visible");
    await expect(tableIsland).not.toHaveAttribute("data-island-hydrated", "true");
    expect(scripts.filter((url) => url.includes("/systems-table.island-"))).toEqual([]);
    await tableIsland.scrollIntoViewIfNeeded();
    await expect(tableIsland).toHaveAttribute("data-island-hydrated", "true");
    expect(scripts.filter((url) => url.includes("/systems-table.island-"))).toHaveLength(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await isIslandPage(page)).toBe(true);
    expect(await isRouterPage(page)).toBe(false);
    const next = page.getByRole("button", { name: t.ui.stepper.next });
    await expect(page.getByRole("heading", { name: literal(t.session.steps.financePortal.title) })).toBeVisible();
    await next.click();
    await expect(page.getByRole("heading", { name: literal(t.session.steps.gue.title) })).toBeVisible();
    await expect(page.getByRole("heading", { name: literal(t.session.steps.financePortal.title) })).toHaveCount(0);
    const table = page.getByRole("table", { name: t.session.systems.caption });
    await expect(table).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test(`first steps without JavaScript: every step and the systems table from the server (${lang}, 390 px)`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${pageHref("first-steps")}?lang=${lang}`);
    for (const step of FIRST_STEPS) {
      await expect(page.getByRole("heading", { name: literal(t.session.steps[step].title) })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: t.session.systems.caption })).toBeVisible();
    await context.close();
  });

  test(`a failed island chunk shows the error screen with Retry in its place, and Retry brings the widget (${lang})`, async ({ page }) => {
    let failed = 0;
    await page.route(ISLAND_SCRIPT, async (route) => {
      if (route.request().url().includes("retry=")) return route.continue();
      failed += 1;
      return route.abort();
    });
    await page.goto(`${pageHref("iva-exp")}?lang=${lang}`);
    const retry = page.getByRole("button", { name: t.errors.boundary.retry });
    await expect(retry).toBeVisible();
    expect(failed).toBeGreaterThan(0);
    await retry.click();
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    await page.getByRole("button", { name: t.iva.submit }).click();
    await expect(page.getByRole("alert")).toBeFocused();
  });
}
