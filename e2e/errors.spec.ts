import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./support/fixtures";

// The shared machine can be slow to hydrate: generous time limits, the assertions stay strict.
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 20_000 });

const MESSAGE_EN =
  "Something went wrong. Press the button on the right to try again. If the problem persists, please try again later.";

/**
 * A chunk that does not arrive, in a browser that keeps a failed module in its module map for the rest
 * of the document (the older HTML rule; some browsers still follow it): once "repaired", the same
 * address still fails in the document that saw it fail, while a fresh address or a new document loads.
 */
async function failChunk(page: Page, chunk: RegExp) {
  let documentLoads = 0;
  let failingUntilDocument = Number.POSITIVE_INFINITY;
  page.on("load", () => (documentLoads += 1));
  await page.route(chunk, (route) =>
    documentLoads < failingUntilDocument && !/[?&]retry=/.test(route.request().url()) ? route.abort() : route.continue(),
  );
  return {
    documentLoads: () => documentLoads,
    repair: () => (failingUntilDocument = documentLoads + 1),
  };
}

const FAILING_CHUNKS = [
  // The module of every page of text (app/routes/content-page.tsx).
  { which: "route module", chunk: /\/areaOE\/assets\/content-page-[^/]+\.js$/ },
  // The Export page's content file, its own chunk per language (app/features/content/lazy-content.ts).
  { which: "content file", chunk: /\/areaOE\/assets\/export-(?!dss-|nr-|stada)[A-Za-z0-9_-]{8}\.js$/ },
];

for (const { which, chunk } of FAILING_CHUNKS) {
  test(`a failed page chunk (${which}) reloads once, then shows the error screen, and Retry recovers`, async ({ page }) => {
    const failing = await failChunk(page, chunk);
    // From a page React Router hydrates (pages of text and pages with islands are not: their links are
    // page loads, which need no chunk), a navigation in the browser: IVAExp links to the Export page.
    await page.goto("/areaOE/public/ivaExp?lang=en");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Export", exact: true }).first().click();

    const alert = page.getByRole("alert").filter({ hasText: MESSAGE_EN });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    expect(failing.documentLoads()).toBe(2); // the first load and exactly one automatic reload
    await expect(page.getByRole("navigation", { name: "Language" })).toBeVisible();

    failing.repair();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export");
    await expect(page).toHaveURL(/\/areaOE\/public\/exportacao/);
  });
}

test("a rendering failure shows the error screen in Portuguese and is reported once", async ({ page }) => {
  const reports: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/areaOE/api/client-errors")) reports.push(request.postDataJSON());
  });
  const accepted = page.waitForResponse((r) => r.url().endsWith("/areaOE/api/client-errors"));
  // A hydrated page: a page of text runs no React in the browser, so nothing can fail to render there.
  await page.goto("/areaOE/public/ivaExp?lang=pt&__fault=render");
  const alert = page.getByRole("alert").filter({ hasText: "Ocorreu um erro." });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  expect((await accepted).status()).toBe(204);
  await alert.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(alert).toBeVisible({ timeout: 30_000 }); // the fault is permanent: it fails again, but is not sent again
  await page.waitForTimeout(300);
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({
    digest: expect.stringMatching(/^[0-9a-f]{8}$/),
    message: "Error: Injected rendering fault",
    url: expect.stringMatching(/\/areaOE\/public\/ivaExp$/),
  });
  // The header and the side panel stay usable.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a server rendering failure answers 500 with the same screen and no internals", async ({ page }) => {
  const response = await page.goto("/areaOE/?lang=en&__fault=ssr");
  expect(response?.status()).toBe(500);
  const html = (await response?.text()) ?? "";
  expect(html).not.toMatch(/\bat \S+ \(|node_modules|Injected server rendering fault/);
  await expect(page.getByRole("alert").filter({ hasText: MESSAGE_EN })).toBeVisible();
});

test("a thrown 404 shows the unavailable screen, not the error screen", async ({ page }) => {
  const response = await page.goto("/areaOE/public/nao-existe?lang=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The feature you are trying to access is not available")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
