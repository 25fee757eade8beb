import type { Page } from "@playwright/test";
import { test as base, expect, axeViolations, waitForPageReady } from "./support/fixtures";
import { ROUTED_PATHS } from "../scripts/harness/routed-pages";
import { collectFrontMatter, readPagesNamespace } from "../scripts/build/content/page-front-matter";

// Page titles as the portal has them: pages.json joined by the content files' front matter.
const collected = collectFrontMatter(process.cwd());
const TITLES = {
  pt: readPagesNamespace(process.cwd(), "pt", collected),
  en: readPagesNamespace(process.cwd(), "en", collected),
} as Record<"pt" | "en", Record<string, { title: string } | undefined>>;

/** Phone widths the portal must fit without sideways panning (WCAG 1.4.10 reflow: 320 CSS px). */
const PHONE_WIDTHS = [320, 390] as const;

/** Playwright's default viewport, which the checks without JavaScript start from. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** The footer's links to the accessibility statement and the privacy page, on every page. */
const FOOTER = {
  pt: { footer: "Rodapé", accessibility: "Acessibilidade", privacy: "Privacidade e cookies" },
  en: { footer: "Footer", accessibility: "Accessibility", privacy: "Privacy and cookies" },
} as const;

/**
 * Sets the phone width and says how the page is wider than the viewport, with the elements that stick
 * out, or nothing when it fits. A page with a script is loaded again at that width (scripts may read the
 * width once, as a phone opens the page at its width); without JavaScript, or on a page with no script,
 * the stylesheet alone lays the page out, and it does so again when the width changes.
 */
async function widerThanPhone(page: Page, url: string, width: number, javaScriptEnabled: boolean): Promise<string | undefined> {
  await page.setViewportSize({ width, height: 800 });
  // A page without a script of its own (a page of text: its only scripts are data and the speculation
  // rules) is laid out again by the stylesheet alone, as without JavaScript: a second load would measure
  // the same page.
  const hasScript = javaScriptEnabled && (await page.evaluate(() => document.querySelectorAll('script:not([type="application/json"]):not([type="application/ld+json"]):not([type="speculationrules"])').length > 0));
  if (hasScript) {
    await page.goto(url);
    // A hydrated page once hydrated (its lazily loaded widgets in place too); a page of text once loaded.
    await waitForPageReady(page);
  }
  const measured = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? "").trim().slice(0, 30)}"`);
    return { html: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport, culprits };
  });
  if (measured.html <= measured.viewport && measured.body <= measured.viewport) return undefined;
  return `${width} px ${javaScriptEnabled ? "with" : "without"} JavaScript: ${measured.html}/${measured.body} px > ${measured.viewport} (${measured.culprits.join(", ")})`;
}

/** The page without JavaScript: the footer's legal links (at the default 1280 px), then the phone widths. */
async function checkWithoutJavaScript(page: Page, url: string, lang: "pt" | "en"): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(DEFAULT_VIEWPORT);
  await page.goto(url);
  const footer = page.getByRole("contentinfo", { name: FOOTER[lang].footer });
  const accessibility = await footer.getByRole("link", { name: FOOTER[lang].accessibility, exact: true }).getAttribute("href");
  const privacy = await footer.getByRole("link", { name: FOOTER[lang].privacy, exact: true }).getAttribute("href");
  // The page was asked with `?lang=`: its links to the portal's pages keep it (kept-language.ts).
  if (accessibility !== `/areaOE/public/acessibilidade?lang=${lang}`) problems.push(`footer: accessibility → ${accessibility}`);
  if (privacy !== `/areaOE/public/privacidade?lang=${lang}`) problems.push(`footer: privacy → ${privacy}`);
  for (const width of PHONE_WIDTHS) {
    const wide = await widerThanPhone(page, url, width, false);
    if (wide) problems.push(wide);
  }
  return problems;
}

// Scripts are switched per browser context: one context without JavaScript per worker, its one page
// reused from page to page (as a visitor's tab would be).
const test = base.extend<object, { pageWithoutJavaScript: Page }>({
  pageWithoutJavaScript: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-PT", viewport: DEFAULT_VIEWPORT });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

// One test per page and language checks everything that needs the page loaded in a browser, so axe (the
// slow part: seconds per page) runs once per page and language.
for (const lang of ["pt", "en"] as const) {
  test.describe(`every route in ${lang}`, () => {
    for (const { id, path } of ROUTED_PATHS) {
      test(`${path} answers 200 with lang, title, one h1, the footer's legal links, no console error, no axe violation, and fits 320 and 390 px with and without JavaScript`, async ({
        page,
        pageWithoutJavaScript,
        consoleErrors,
      }) => {
        // Four loads and an axe pass on a loaded two-core machine.
        test.setTimeout(120_000);
        const url = `${path}?lang=${lang}`;
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        // The checks without JavaScript run meanwhile, in their own browser context.
        const withoutJavaScript = checkWithoutJavaScript(pageWithoutJavaScript, url, lang);
        // Awaited at the end; marked handled so that an earlier failure does not also report it as unhandled.
        withoutJavaScript.catch(() => undefined);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        const title = TITLES[lang][id === "home" ? "home" : id]?.title ?? "";
        expect(title, `the ${lang} title of ${id}`).not.toBe("");
        await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
        await expect(page.locator("h1")).toHaveCount(1);
        await waitForPageReady(page);
        expect(await axeViolations(page)).toEqual([]);
        const wide: string[] = [];
        for (const width of PHONE_WIDTHS) {
          const problem = await widerThanPhone(page, url, width, true);
          if (problem) wide.push(problem);
        }
        expect(wide).toEqual([]);
        expect(consoleErrors).toEqual([]);
        expect(await withoutJavaScript).toEqual([]);
      });
    }
  });
}

test("an unknown path answers 404 with the unavailable screen", async ({ page }) => {
  const response = await page.goto("/areaOE/public/nao-existe?lang=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The feature you are trying to access is not available")).toBeVisible();
  await page.getByRole("link", { name: "Back to the homepage" }).click();
  await expect(page).toHaveURL(/\/areaOE\/$/);
});

test("the host root redirects to the portal", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/areaOE\/$/);
});

test("the language switcher changes the texts and the choice persists across navigation", async ({ page }) => {
  // A page of text (not hydrated): the switcher's links are page loads.
  await page.goto("/areaOE/public/iecs");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impostos especiais de consumo");
  await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Excise duties");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Economic Operators Area");
  // A full reload keeps the choice (cookie).
  await page.goto("/areaOE/public/transito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transit");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("content and the switcher still work", async ({ page }) => {
    await page.goto("/areaOE/public/exportacao");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exportação");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("the image dialog opens, traps focus, closes with Esc and with Close", async ({ page }) => {
  // The home page is not hydrated: the dialog is the platform's <dialog> and the page's one small module.
  await page.goto("/areaOE/?lang=en");
  const thumbnail = page.getByRole("link", { name: /Enlarge image/ });
  await thumbnail.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img")).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
    expect(inside).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await thumbnail.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test("side panel: Contact Us and external useful links open a new tab safely", async ({ page }) => {
  await page.goto("/areaOE/?lang=en");
  const panel = page.getByRole("complementary", { name: "Side panel" });
  const contact = panel.getByRole("link", { name: /Questions and suggestions/ });
  await expect(contact).toHaveAttribute("target", "_blank");
  const usefulLinks = panel.locator("#useful-links-heading + ul a");
  await expect(usefulLinks).toHaveCount(6);
  for (const link of await usefulLinks.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toContainText("(opens in a new tab)");
  }
  await expect(panel.getByRole("link", { name: /Tariff/ })).toHaveAttribute(
    "href",
    "https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp",
  );
});
