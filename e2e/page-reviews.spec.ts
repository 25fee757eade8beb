import { readFileSync } from "node:fs";
import { test, expect, axeViolations } from "./support/fixtures";

/**
 * Every page of text shows when it was last reviewed, in the page's language and as server
 * HTML (no JavaScript needed), and the change log for readers is accessible on a phone.
 */
const RBV_REVIEWED = /^reviewed: (\d{4}-\d{2}-\d{2})$/m.exec(readFileSync("content/pt/import-rbv.mdx", "utf8"))?.[1] ?? "";
/** The review date as a reader of each language writes it (Intl's own formats, not the portal's code). */
function longDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
const REVIEWED = {
  pt: { label: `Revisto em ${longDate(RBV_REVIEWED, "pt-PT")}`, changes: "O que mudou", footer: "Rodapé" },
  en: { label: `Reviewed on ${longDate(RBV_REVIEWED, "en-GB")}`, changes: "What changed", footer: "Footer" },
} as const;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["pt", "en"] as const) {
    test(`a page of text shows its review date (${lang})`, async ({ page }) => {
      expect(RBV_REVIEWED, "content/pt/import-rbv.mdx has a reviewed: date").toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await page.goto(`/areaOE/public/importacao/stadaImpRBV?lang=${lang}`);
      const review = page.locator("p.page-review");
      await expect(review).toHaveText(REVIEWED[lang].label);
      await expect(review.locator("time")).toHaveAttribute("datetime", RBV_REVIEWED);
      // The page of text carries no framework script: the date is in the server's HTML.
      expect(await page.locator("script[src]").count()).toBe(0);
    });

    test(`the change log is linked from the footer and lists the low-value consignments change (${lang})`, async ({ page }) => {
      await page.goto(`/areaOE/public/importacao?lang=${lang}`);
      const footer = page.getByRole("contentinfo", { name: REVIEWED[lang].footer });
      await footer.getByRole("link", { name: REVIEWED[lang].changes, exact: true }).click();
      await expect(page).toHaveURL(/\/areaOE\/public\/alteracoes/);
      await expect(page.getByRole("heading", { level: 1, name: REVIEWED[lang].changes })).toBeVisible();
      const entries = page.locator("ol.change-log > li");
      await expect(entries.first()).toHaveAttribute("id", "low-value-consignments-relief-eliminated");
      await expect(entries.first().locator("time")).toHaveAttribute("datetime", "2026-02-18");
      await expect(entries.first().getByRole("link", { name: /2026\/382/ })).toHaveAttribute("href", /eur-lex\.europa\.eu/);
    });
  }
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lang of ["pt", "en"] as const) {
    test(`the change log page passes axe (${lang})`, async ({ page }) => {
      await page.goto(`/areaOE/public/alteracoes?lang=${lang}`);
      await expect(page.locator("ol.change-log > li")).toHaveCount(2);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
