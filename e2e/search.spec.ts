import { test, expect, axeViolations, waitForHydration } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

const RESULTS = pageHref("search");
// The customs systems the portal describes and the registration terms, as far as the content names them.
const ACRONYMS = ["STADA", "RBV", "DAIN", "DSS", "NR", "SICEU", "SICEX", "SICREX", "GASPRO", "IESCP", "GIIEC", "ISV", "SFA2", "SiMTeM", "SAL", "IVAExp", "EFAPI", "EORI", "GUE"];
const INDEX_CHUNK = /\/assets\/(?:islands\/)?search-index-(pt|en)-[\w-]+\.js$/;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header field submits to the server-rendered results page", async ({ page }) => {
    await page.goto("/areaOE/public/transito?lang=en");
    const search = page.getByRole("search", { name: "Site search" });
    await search.getByRole("searchbox", { name: "Search the site" }).fill("DAIN");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/areaOE\/public\/pesquisa\?q=DAIN$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(page.getByRole("status").filter({ hasText: /results? for “DAIN”/ })).toBeVisible();
    const first = page.locator(".search-result").first();
    await expect(first.getByRole("link")).toHaveAttribute("href", /^\/areaOE\//);
    await expect(first.locator(".search-result__breadcrumb")).toContainText("Home");
    await expect(first.locator("mark").first()).toHaveText(/dain/i);
  });

  test("accents do not matter: 'importacao' finds 'Importação'", async ({ page }) => {
    await page.goto(`${RESULTS}?q=importacao&lang=pt`);
    await expect(page.locator(".search-result__title").first()).toBeVisible();
    await expect(page.locator(".search-result__title a", { hasText: "Importação" }).first()).toBeVisible();
  });

  for (const [lang, text] of [
    ["en", "No results found."],
    ["pt", "Não foram encontrados resultados."],
  ] as const) {
    test(`nonsense answers '${text}' (${lang})`, async ({ page }) => {
      await page.goto(`${RESULTS}?q=zqxj+wvkpt&lang=${lang}`);
      await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
      await expect(page.locator(".search-result")).toHaveCount(0);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("whole words: 'juros' finds only the pages that hold it (singular or plural), and a misspelt word finds nothing but suggests the word", async ({ page }) => {
    await page.goto(`${RESULTS}?q=juros&lang=pt`);
    const results = page.locator(".search-result");
    await expect(results.first()).toBeVisible();
    for (const passage of await results.locator("mark").allTextContents()) expect(passage.toLowerCase()).toMatch(/^juros?$/);
    await page.goto(`${RESULTS}?q=garantas&lang=pt`);
    await expect(results).toHaveCount(0);
    // The word as the index holds it, its singular, which finds the plural too.
    await page.getByRole("link", { name: "garantia", exact: true }).click();
    await expect(page).toHaveURL(/\?q=garantia$/);
    await expect(results.first()).toBeVisible();
    expect((await results.locator("mark").allTextContents()).map((text) => text.toLowerCase())).toContain("garantias");
  });
});

for (const lang of ["pt", "en"] as const) {
  test(`every system is found by its acronym (${lang})`, async ({ request }) => {
    const missing: string[] = [];
    for (const acronym of ACRONYMS) {
      const html = await (await request.get(`${RESULTS}?q=${encodeURIComponent(acronym)}&lang=${lang}`)).text();
      if (!html.includes('class="search-result"')) missing.push(acronym);
    }
    expect(missing, `not found in ${lang}`).toEqual([]);
  });
}

test("the index loads only when the search field is used, and results show as you type", async ({ page }) => {
  const indexRequests: string[] = [];
  page.on("request", (request) => {
    if (INDEX_CHUNK.test(request.url())) indexRequests.push(request.url());
  });
  // Instant results need script: on a hydrated page (on a page of text the field is the plain GET form).
  await page.goto("/areaOE/public/webservices?lang=en");
  await waitForHydration(page);
  expect(indexRequests).toEqual([]);
  const field = page.getByRole("searchbox", { name: "Search the site" });
  await field.focus();
  await expect.poll(() => indexRequests.length).toBe(1);
  expect(indexRequests[0]).toMatch(/search-index-en-/);
  await field.pressSequentially("simtem");
  const panel = page.locator(".header-search__panel");
  await expect(panel.getByRole("status")).toHaveText(/results? for “simtem”/);
  await expect(panel.getByRole("link", { name: /SiMTeM/ }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(field).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/areaOE\/public\/pesquisa\?q=simtem$/);
  await expect(page.locator(".search-result").first()).toBeVisible();
});

test("on the results page the results follow the typing and the URL keeps ?q=", async ({ page }) => {
  await page.goto(`${RESULTS}?q=SICEU&lang=en`);
  await waitForHydration(page);
  const field = page.getByRole("searchbox", { name: "Words to search for" });
  await expect(field).toHaveValue("SICEU");
  await field.fill("GASPRO");
  await expect(page).toHaveURL(/\?q=GASPRO$/);
  await expect(page.getByRole("status").filter({ hasText: /results? for “GASPRO”/ })).toBeVisible();
  await expect(page.locator(".search-result__title a").first()).toContainText("GASPRO");
});

for (const lang of ["pt", "en"] as const) {
  for (const query of ["EORI", "zqxj", ""]) {
    test(`the results page has no axe violation and no console error (${lang}, q="${query}")`, async ({ page, consoleErrors }) => {
      await page.goto(`${RESULTS}?q=${query}&lang=${lang}`);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }
}

test("the header's instant results have no axe violation", async ({ page }) => {
  await page.goto("/areaOE/public/webservices?lang=pt");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Pesquisar no site" }).fill("transito");
  await expect(page.locator(".header-search__panel .search-result").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
