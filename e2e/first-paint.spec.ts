import { test, expect, islandManifest, waitForHydration } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// A page paints from its own HTML. The portal's stylesheet is inline (no request blocks the
// first paint), and what a hydrated page needs before hydrating comes in a few scripts, not dozens
// (pages of text have none, as they ship no framework JavaScript: e2e/no-framework-js.spec.ts).
const CONTENT = pageHref("import");
const HYDRATED = pageHref("search");
const PORTAL_STYLE = /<style nonce="([^"]+)" data-href="\/areaOE\/assets\/portal-[\w-]+\.css">/;
/** On a page of text (a static document) the element has no nonce: the policy lists the CSS's hash. */
const PORTAL_STYLE_BY_HASH = /<style data-href="\/areaOE\/assets\/portal-[\w-]+\.css">/;
const PORTAL_STYLE_ELEMENT = "style[data-href^='/areaOE/assets/portal-']";

test("the portal's stylesheet is inline (by hash on a page of text, with the nonce on a hydrated page), and nothing asks for it again", async ({ page, consoleErrors }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || request.url().endsWith(".css")) stylesheets.push(request.url());
  });
  // A page of text, then a hydrated page (reached by a page load), then a navigation in the browser.
  const text = await page.goto(CONTENT);
  expect((await text?.text()) ?? "").toMatch(PORTAL_STYLE_BY_HASH);
  expect(text?.headers()["content-security-policy"]).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  await expect(page.locator(PORTAL_STYLE_ELEMENT)).toHaveCount(1);
  await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(11, 61, 110)");
  const response = await page.goto(HYDRATED);
  const html = (await response?.text()) ?? "";
  const nonce = PORTAL_STYLE.exec(html)?.[1];
  expect(nonce, "the portal's style element in the HTML").toBeDefined();
  expect(response?.headers()["content-security-policy"]).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  await waitForHydration(page);
  // The browser's React left the server's element alone: one portal sheet, styles applied.
  await expect(page.locator(PORTAL_STYLE_ELEMENT)).toHaveCount(1);
  await expect(page.locator(".site-header")).toHaveCSS("background-color", "rgb(11, 61, 110)");
  // A client navigation keeps the same sheet and still asks for no stylesheet.
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
    // The documents table (a lazily loaded widget) keeps its own scroll box on a narrow screen.
    await page.setViewportSize({ width: 390, height: 800 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
  });
});

test("what a hydrated page needs before hydrating comes in a few scripts", async ({ request }) => {
  for (const path of [HYDRATED, pageHref("security-header-check")]) {
    const html = await (await request.get(path)).text();
    // A page React Router hydrates preloads them in its HTML; a page with islands lists them in its
    // manifest, which its loader preloads once the page is idle (app/islands/island-head.ts).
    const manifest = islandManifest(html);
    const scripts = [...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]), ...(manifest?.preload ?? [])];
    // Framework, shell, the route's own modules, the page's text and content chunks. It was 30 to 36:
    // Rollup cut the shell into twenty chunks of 0.1 to 6 KB (scripts/bundling/first-load-chunks.ts).
    expect(new Set(scripts).size, `${path}: ${scripts.join(", ")}`).toBeLessThanOrEqual(20);
    expect(scripts.some((url) => /\/react-[\w-]+\.js$/.test(url ?? "")), path).toBe(true);
    // A page with islands (app/islands/island.tsx) preloads React and its islands, never the router's chunks.
    const islands = html.includes('id="areaoe-islands"');
    expect(manifest !== undefined, path).toBe(islands);
    expect(scripts.some((url) => /\/framework-[\w-]+\.js$/.test(url ?? "")), path).toBe(!islands);
    expect(scripts.some((url) => /\/shell-[\w-]+\.js$/.test(url ?? "")), path).toBe(!islands);
    expect(scripts.some((url) => /\/islands\.client-[\w-]+\.js$/.test(url ?? "")), path).toBe(islands);
  }
});

test("a tool page of islands loads React and its islands in a few scripts, none of React Router", async ({ request }) => {
  for (const path of [pageHref("first-steps"), pageHref("web-services"), pageHref("iva-exp")]) {
    const html = await (await request.get(path)).text();
    // Nothing of the islands in the HTML itself: its manifest lists them, its one loader (inline) loads them.
    expect(html, path).not.toMatch(/<link[^>]* rel="modulepreload"/);
    expect([...html.matchAll(/<script\b[^>]* src=/g)], path).toEqual([]);
    const scripts = islandManifest(html)?.preload ?? [];
    expect(scripts[0], `${path}: the runtime first`).toMatch(/\/islands\.client-[\w-]+\.js$/);
    expect(new Set(scripts).size, `${path}: ${scripts.join(", ")}`).toBe(scripts.length);
    expect(scripts.length, `${path}: ${scripts.join(", ")}`).toBeLessThanOrEqual(20);
    expect(scripts.some((url) => /\/react-[\w-]+\.js$/.test(url)), `${path}: ${scripts.join(", ")}`).toBe(true);
    expect(scripts.some((url) => /\/(framework|shell)-[\w-]+\.js$/.test(url))).toBe(false);
    expect(html).not.toContain("__reactRouterContext");
  }
});

test("a tool page requests its islands only once it has loaded, each listed module once, and then hydrates", async ({ page, consoleErrors }) => {
  const response = await page.goto(pageHref("iva-exp"));
  const listed = islandManifest((await response?.text()) ?? "")?.preload ?? [];
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
