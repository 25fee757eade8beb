import { test, expect, islandManifest, manifestFiles, waitForHydration } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// A page paints from its own HTML. The portal's stylesheet is inline (no request blocks the
// first paint), and what a tool page's islands need comes in a few scripts, not dozens, none of them
// React Router's (pages of text have none, as they ship no framework JavaScript: e2e/no-framework-js.spec.ts).
const CONTENT = pageHref("import");
const ISLANDS_PAGE = pageHref("search");
const PORTAL_STYLE = /<style nonce="([^"]+)" data-href="\/areaOE\/assets\/portal-[\w-]+\.css">/;
/** On a page of text (a static document) the element has no nonce: the policy lists the CSS's hash. */
const PORTAL_STYLE_BY_HASH = /<style data-href="\/areaOE\/assets\/portal-[\w-]+\.css">/;
const PORTAL_STYLE_ELEMENT = "style[data-href^='/areaOE/assets/portal-']";

test("the portal's stylesheet is inline (by hash on a page of text, with the nonce on a page with islands), and nothing asks for it again", async ({ page, consoleErrors }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || request.url().endsWith(".css")) stylesheets.push(request.url());
  });
  // A page of text, then a page with islands, then a link followed from it (a page load: no router in the browser).
  const text = await page.goto(CONTENT);
  expect((await text?.text()) ?? "").toMatch(PORTAL_STYLE_BY_HASH);
  expect(text?.headers()["content-security-policy"]).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  await expect(page.locator(PORTAL_STYLE_ELEMENT)).toHaveCount(1);
  await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(11, 61, 110)");
  const response = await page.goto(ISLANDS_PAGE);
  const html = (await response?.text()) ?? "";
  const nonce = PORTAL_STYLE.exec(html)?.[1];
  expect(nonce, "the portal's style element in the HTML").toBeDefined();
  expect(response?.headers()["content-security-policy"]).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  await waitForHydration(page);
  // The islands' React left the server's element alone: one portal sheet, styles applied.
  await expect(page.locator(PORTAL_STYLE_ELEMENT)).toHaveCount(1);
  await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(11, 61, 110)");
  // The next page has its own inline sheet and still asks for no stylesheet.
  await page.getByRole("navigation", { name: "Localização na página" }).getByRole("link", { name: "Início" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Pesquisa");
  await expect(page.locator(PORTAL_STYLE_ELEMENT)).toHaveCount(1);
  expect(stylesheets).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the page and its server-rendered widgets are styled", async ({ page }) => {
    await page.goto(CONTENT);
    await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(11, 61, 110)");
    // The documents table (a widget the server renders) keeps its own scroll box on a narrow screen.
    await page.setViewportSize({ width: 390, height: 800 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
  });
});

test("a tool page of islands loads React and its islands in a few scripts, none of React Router", async ({ request }) => {
  for (const path of [ISLANDS_PAGE, pageHref("security-header-check"), pageHref("first-steps"), pageHref("web-services"), pageHref("iva-exp")]) {
    const html = await (await request.get(path)).text();
    // Nothing of the islands in the HTML itself: its manifest lists them, its one loader (inline) loads them.
    expect(html, path).not.toMatch(/<link[^>]* rel="modulepreload"/);
    expect([...html.matchAll(/<script\b[^>]* src=/g)], path).toEqual([]);
    const scripts = manifestFiles(islandManifest(html));
    expect(scripts[0], `${path}: the runtime first`).toMatch(/\/islands\.client-[\w-]+\.js$/);
    expect(scripts.length, `${path}: ${scripts.join(", ")}`).toBeLessThanOrEqual(20);
    expect(scripts.some((url) => /\/react-[\w-]+\.js$/.test(url)), `${path}: ${scripts.join(", ")}`).toBe(true);
    // Every one from the islands' own build (app/islands/, vite.config.ts), none of React Router's.
    for (const url of scripts) expect(url, path).toMatch(/^\/areaOE\/assets\/islands\/[\w.-]+\.js$/);
    expect(html).not.toContain("__reactRouter");
  }
});

test("a tool page requests its islands only once it has loaded, each listed module once, and then hydrates", async ({ page, consoleErrors }) => {
  const response = await page.goto(pageHref("iva-exp"));
  const listed = manifestFiles(islandManifest((await response?.text()) ?? ""));
  await waitForHydration(page);
  const { loadEnd, firstPaint, scripts } = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      loadEnd: navigation.loadEventEnd,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });
  expect(listed.length).toBeGreaterThan(1);
  // Every module the manifest lists was loaded once, none before the load event's end (nor the first paint).
  for (const path of listed) expect(scripts.filter((script) => script.path === path), path).toHaveLength(1);
  for (const script of scripts) {
    expect(script.start, script.path).toBeGreaterThanOrEqual(loadEnd);
    expect(script.start, script.path).toBeGreaterThanOrEqual(firstPaint);
  }
  expect(consoleErrors).toEqual([]);
});
