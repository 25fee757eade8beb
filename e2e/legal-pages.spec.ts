import { test, expect } from "./support/fixtures";
import { ROUTED_PATHS } from "./support/routes";

/**
 * Issue 12, point 11: the accessibility statement and the privacy page are linked from the footer
 * of every page in both languages, sit in the breadcrumbs and are found by the search. Point 12:
 * in-page links with accents use the heading's literal id. (e2e/shell.spec.ts and
 * e2e/content.spec.ts run axe, the heading and the link checks on them as on every route.)
 */
const PAGES = {
  pt: { accessibility: "Acessibilidade", privacy: "Privacidade e cookies", footer: "Rodapé", home: "Início" },
  en: { accessibility: "Accessibility", privacy: "Privacy and cookies", footer: "Footer", home: "Home" },
} as const;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["pt", "en"] as const) {
    test(`every page's footer links to the accessibility statement and the privacy page (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const missing: string[] = [];
      for (const { path } of ROUTED_PATHS) {
        await page.goto(`${path}?lang=${lang}`);
        const footer = page.getByRole("contentinfo", { name: PAGES[lang].footer });
        const accessibility = await footer.getByRole("link", { name: PAGES[lang].accessibility, exact: true }).getAttribute("href");
        const privacy = await footer.getByRole("link", { name: PAGES[lang].privacy, exact: true }).getAttribute("href");
        if (accessibility !== "/areaOE/public/acessibilidade") missing.push(`${path}: accessibility → ${accessibility}`);
        if (privacy !== "/areaOE/public/privacidade") missing.push(`${path}: privacy → ${privacy}`);
      }
      expect(missing).toEqual([]);
    });

    test(`both pages have their breadcrumbs and are found by the search (${lang})`, async ({ page }) => {
      for (const [id, path, query] of [
        ["accessibility", "/areaOE/public/acessibilidade", "WCAG"],
        ["privacy", "/areaOE/public/privacidade", "cookies"],
      ] as const) {
        await page.goto(`${path}?lang=${lang}`);
        const breadcrumbs = page.locator("nav.breadcrumbs");
        await expect(breadcrumbs.getByRole("link", { name: PAGES[lang].home })).toBeVisible();
        await expect(breadcrumbs).toContainText(PAGES[lang][id]);
        await page.goto(`/areaOE/public/pesquisa?q=${query}&lang=${lang}`);
        await expect(page.locator(`.search-result__title a[href^="${path}"]`).first()).toBeVisible();
      }
    });
  }

  test("the privacy page names the cookie that choosing a language sets", async ({ page, context }) => {
    await page.goto("/areaOE/public/privacidade?lang=en");
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).toEqual(["lang"]);
    await expect(page.getByRole("table").getByRole("cell", { name: "lang", exact: true })).toBeVisible();
  });

  test("accented in-page links use the heading's literal id (GASPRO and ISV, pt)", async ({ page }) => {
    for (const path of ["/areaOE/public/iecs/gaspro", "/areaOE/public/fiscalidadeAutomovel/isv"]) {
      await page.goto(`${path}?lang=pt`);
      const hrefs = await page.locator("main a[href^='#']").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((element) => element.id));
      expect(hrefs.some((href) => /[\u00C0-\u024F]/.test(href)), `${path} has an accented in-page link`).toBe(true);
      expect(hrefs.filter((href) => !ids.includes(href.slice(1))), path).toEqual([]);
    }
  });
});
