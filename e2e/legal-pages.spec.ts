import { test, expect } from "./support/fixtures";

/**
 * The accessibility statement and the privacy page sit in the breadcrumbs and are found by the search;
 * in-page links with accents use the heading's literal id. (e2e/shell.spec.ts checks that every page's
 * footer links to both, with and without JavaScript, and runs axe on them as on every route;
 * e2e/content.spec.ts the heading and the link checks.)
 */
const PAGES = {
  pt: { accessibility: "Acessibilidade", privacy: "Privacidade e cookies", home: "Início" },
  en: { accessibility: "Accessibility", privacy: "Privacy and cookies", home: "Home" },
} as const;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["pt", "en"] as const) {
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
