import { test, expect, axeViolations, waitForHydration, isIslandPage, isRouterPage } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// Tool pages as islands (app/islands/island.tsx, docs/decisions/0019): each widget hydrated alone, no
// React Router in the browser; with and without JavaScript, in both languages, at 390 px; a failed
// island chunk shows the error screen in the island's place, and Retry brings the widget.
const CHECKER = pageHref("security-header-check");
const SEARCH = pageHref("search");
const LANGS = [
  { lang: "pt", check: "Verificar cabeçalho", search: "Pesquisar", retry: "Tentar novamente" },
  { lang: "en", check: "Check header", search: "Search", retry: "Retry" },
] as const;

for (const { lang } of LANGS) {
  test(`the checker, the header's search and the search page are islands without a router (${lang}, 390 px)`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") requested.push(request.url());
    });
    for (const path of [CHECKER, SEARCH]) {
      await page.goto(`${path}?lang=${lang}&q=transit`);
      await waitForHydration(page);
      expect(await isIslandPage(page), path).toBe(true);
      expect(await isRouterPage(page), path).toBe(false);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      expect(await axeViolations(page), path).toEqual([]);
    }
    // Neither React Router's framework chunk nor a route module was asked for.
    expect(requested.filter((url) => /\/assets\/(framework|shell|entry\.client|root)-/.test(url))).toEqual([]);
    // The header's search answers as the visitor types (its own island), with links to the pages.
    await page.goto(`${CHECKER}?lang=${lang}`);
    await waitForHydration(page);
    const field = page.locator(".header-search__input");
    if (!(await field.isVisible())) await page.getByRole("button", { name: lang === "pt" ? /pesquisa|menu/i : /search|menu/i }).first().click().catch(() => undefined);
    await field.fill("transit");
    const panel = page.locator(".header-search__panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link").first()).toHaveAttribute("href", /^\/areaOE\//);
    expect(consoleErrors).toEqual([]);
  });
}

test("the search page follows the typing in the browser, and the address follows (en)", async ({ page, consoleErrors }) => {
  await page.goto(`${SEARCH}?lang=en&q=transit`);
  await waitForHydration(page);
  const results = page.locator(".search-page .search-page__summary");
  await expect(results).toContainText("transit");
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.locator(".search-form__input").fill("excise");
  await expect(results).toContainText("excise");
  await expect(page).toHaveURL(/[?&]q=excise/);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("the checker answers a post with focus on its report, and says when the envelope is missing (pt)", async ({ page, consoleErrors }) => {
  await page.goto(`${CHECKER}?lang=pt`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Verificar cabeçalho" }).click();
  // The answer page: the same island, hydrated with the action's answer as props.
  await waitForHydration(page);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await page.locator("textarea[name=envelope]").fill("<soap:Envelope/>");
  await page.getByRole("button", { name: "Verificar cabeçalho" }).click();
  await waitForHydration(page);
  await expect(page.locator("#header-check-report-title")).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const { lang } of LANGS) {
    test(`the checker posts, the search page answers and the header's search is a GET form (${lang}, 390 px)`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${CHECKER}?lang=${lang}`);
      await page.locator("textarea[name=envelope]").fill("<soap:Envelope/>");
      await page.locator(".header-check form button[type=submit]").click();
      await expect(page.locator("textarea[name=envelope]")).toHaveValue("<soap:Envelope/>");
      await expect(page.locator("#header-check-report-title")).toBeVisible();
      await page.goto(`${SEARCH}?lang=${lang}&q=transit`);
      await expect(page.locator(".search-page__summary")).toContainText("transit");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.locator("form.header-search")).toHaveAttribute("method", "get");
    });
  }
});

for (const { lang, check, retry } of LANGS) {
  test(`a failed island chunk shows the error screen in its place, and Retry brings the widget (${lang})`, async ({ page, consoleErrors }) => {
    let failing = true;
    await page.route(/\/areaOE\/assets\/islands\/header-check\.island-[^/]+\.js(\?.*)?$/, (route) =>
      failing && !/[?&]retry=/.test(route.request().url()) ? route.abort() : route.continue(),
    );
    // The SPEC's chunk failure: a preload error is raised (`vite:preloadError`), handled by the island's screen.
    await page.addInitScript(() => {
      const raised: Event[] = [];
      Object.assign(window, { raised });
      addEventListener("vite:preloadError", (event) => raised.push(event));
    });
    await page.goto(`${CHECKER}?lang=${lang}`);
    await waitForHydration(page);
    const island = page.locator('[data-island="header-check"]');
    const alert = island.getByRole("alert");
    await expect(alert).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { raised: (Event & { payload?: Error })[] }).raised.map((event) => ({ handled: event.defaultPrevented, error: event.payload?.name }))),
    ).toEqual([{ handled: true, error: "ChunkLoadError" }]);
    // The rest of the page is still there, and the header's search (its own island) works.
    await expect(page.locator('[data-island="header-search"] input')).toBeEnabled();
    failing = false;
    await alert.getByRole("button", { name: retry }).click();
    await expect(island.getByRole("button", { name: check })).toBeVisible();
    await expect(alert).toBeHidden();
    // The failed load was reported as an error in the console (Chromium's), nothing else.
    expect(consoleErrors.filter((message) => !/Failed to load resource|net::ERR_FAILED/.test(message))).toEqual([]);
  });
}
