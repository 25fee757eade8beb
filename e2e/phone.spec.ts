import type { Browser } from "@playwright/test";
import { test, expect, waitForPageReady } from "./support/fixtures";
import { ROUTED_PATHS } from "./support/routes";

/** Phone widths the portal must fit without sideways panning (WCAG 1.4.10 reflow: 320 CSS px). */
const WIDTHS = [320, 390] as const;

/**
 * Opens every route in both languages in one context (one page, reused) and lists the pages whose
 * document or body is wider than the viewport, with the elements that stick out, for the message.
 */
async function pagesWiderThanViewport(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled, locale: "pt-PT" });
  const page = await context.newPage();
  const wide: string[] = [];
  for (const lang of ["pt", "en"] as const) {
    for (const { path } of ROUTED_PATHS) {
      await page.goto(`${path}?lang=${lang}`);
      // A hydrated page once hydrated (its lazily loaded widgets in place too); a page of text once loaded.
      if (javaScriptEnabled) await waitForPageReady(page);
      const measured = await page.evaluate(() => {
        const viewport = window.innerWidth;
        const culprits = [...document.body.querySelectorAll("*")]
          .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
          .slice(-3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? "").trim().slice(0, 30)}"`);
        return { html: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport, culprits };
      });
      if (measured.html > measured.viewport || measured.body > measured.viewport) {
        wide.push(`${path}?lang=${lang}: ${measured.html}/${measured.body} px > ${measured.viewport} (${measured.culprits.join(", ")})`);
      }
    }
  }
  await context.close();
  return wide;
}

for (const width of WIDTHS) {
  for (const javaScriptEnabled of [true, false]) {
    test(`no page is wider than a ${width} px screen (${javaScriptEnabled ? "with" : "without"} JavaScript), pt and en`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      expect(await pagesWiderThanViewport(browser, width, javaScriptEnabled)).toEqual([]);
    });
  }
}
