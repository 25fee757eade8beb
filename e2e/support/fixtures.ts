import { test as base, expect, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ISLAND_MANIFEST_ID, type IslandManifest } from "../../app/islands/island-data";

/** Collects console errors and uncaught page errors; tests assert the list stays empty. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function axeViolations(page: Page) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  // Without frames, axe runs in the page itself ("legacy mode"): the same rules and the same results,
  // without the blank page the default opens to merge the results of frames, in about half the time.
  // A page with frames gets the default.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
}

/**
 * Whether the page as the server sent it runs script that hydrates (app/config/hydration.ts): a tool page
 * whose islands the browser hydrates (it carries the islands' manifest and loader: app/islands/island-head.ts).
 * Pages of text carry no framework script at all, and no page carries React Router's (docs/decisions/0020).
 */
export async function isHydratedPage(page: Page): Promise<boolean> {
  return isIslandPage(page);
}

/** Whether the page carries anything of React Router's browser half (its context or route modules): never. */
export async function isRouterPage(page: Page): Promise<boolean> {
  return page.evaluate(() => [...document.scripts].some((script) => script.textContent?.includes("__reactRouter")));
}

/**
 * A page with islands (app/islands/island.tsx): the islands' manifest and its one loader, an inline module
 * script that reads it (app/islands/island-head.ts, built from app/islands/island-loader.ts), no router.
 */
export async function isIslandPage(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.getElementById("areaoe-islands") !== null &&
      [...document.querySelectorAll("script[type=module]:not([src])")].filter((script) => script.textContent?.includes("areaoe-islands")).length === 1,
  );
}

/** The islands' manifest in a page's HTML (app/islands/island-head.ts); undefined on a page without islands. */
export function islandManifest(html: string): IslandManifest | undefined {
  const json = new RegExp(`<script type="application/json" id="${ISLAND_MANIFEST_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as IslandManifest);
}

/** Every file the islands' manifest lists, once each: the runtime and what it imports, then each island's files. */
export function manifestFiles(manifest: IslandManifest | undefined): string[] {
  if (!manifest) return [];
  return [...new Set([...manifest.runtime, ...Object.values(manifest.islands).flatMap((island) => island.preload)])];
}

/** A page with islands once they have hydrated; a page of text (never hydrated) once it has loaded. */
export async function waitForPageReady(page: Page) {
  if (await isHydratedPage(page)) await waitForHydration(page);
}

/** Waits until the page's islands due at once (`idle`) have hydrated (the islands' runtime marks it). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * axe runs as a script, which a page with JavaScript disabled refuses. So the same address (a GET: the
 * server gives the same answer) is checked in a second page where scripts are allowed but the page's
 * own script files are blocked: the server-rendered page, never hydrated, with its styles.
 */
export async function serverPageAxeViolations(browser: Browser, page: Page, locale = "pt-PT") {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale });
  try {
    await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    const audited = await context.newPage();
    await audited.goto(page.url());
    expect(await audited.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    return await axeViolations(audited);
  } finally {
    await context.close();
  }
}
