import { test, expect } from "./support/fixtures";

// The shared machine can be slow to hydrate: generous time limits, the assertions stay strict.
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 20_000 });

const MESSAGE_EN =
  "Something went wrong. Press the button on the right to try again. If the problem persists, please try again later.";

// A failed page chunk: React Router renders on the server only (docs/decisions/0020), so every link is a
// page load and no route module or content chunk is loaded in the browser. A failed island chunk, its
// error screen and Retry: e2e/islands.spec.ts and e2e/islands-widgets.spec.ts.

// A rendering failure in the browser: pages of text run no React there, and a tool page's widgets are
// islands (docs/decisions/0019), each with its own error boundary. The islands' test-only fault
// (app/islands/island-fault.tsx, on with AREAOE_ENABLE_FAULT_INJECTION=1 from playwright.config.ts and
// `?__fault=render`) breaks each island but the header's search once hydrated.
test("a rendering failure in an island shows the error screen in both languages and is reported once", async ({ page }) => {
  const reports: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/areaOE/api/client-errors")) reports.push(request.postDataJSON());
  });
  const accepted = page.waitForResponse((r) => r.url().endsWith("/areaOE/api/client-errors"));
  await page.goto("/areaOE/public/ivaExp?lang=pt&__fault=render");
  const island = page.locator('[data-island="iva-exp-check"]');
  const alert = island.getByRole("alert").filter({ hasText: "Ocorreu um erro." });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  // The error screen stands in the island's place: its form is gone, the rest of the page stays.
  await expect(island.locator("form")).toHaveCount(0);
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
  // The header stays usable: its search is an island that did not fail, and the language switch is a link.
  await expect(page.locator('[data-island="header-search"]').getByRole("alert")).toHaveCount(0);
  await page.goto("/areaOE/public/ivaExp?lang=en&__fault=render");
  const english = page.locator('[data-island="iva-exp-check"]').getByRole("alert").filter({ hasText: MESSAGE_EN });
  await expect(english).toBeVisible({ timeout: 30_000 });
  await expect(english.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a server rendering failure answers 500 with the same screen and no internals; Retry asks for the page again, with or without script", async ({ page, consoleErrors }) => {
  const response = await page.goto("/areaOE/?lang=en&__fault=ssr");
  expect(response?.status()).toBe(500);
  const html = (await response?.text()) ?? "";
  expect(html).not.toMatch(/\bat \S+ \(|node_modules|Injected server rendering fault/);
  // Server HTML only: React Router renders on the server (docs/decisions/0020), the screen ships no script.
  expect(html).not.toContain("__reactRouter");
  expect(html).not.toMatch(/<script type="module"/);
  const alert = page.getByRole("alert").filter({ hasText: MESSAGE_EN });
  await expect(alert).toBeVisible();
  // The answer's request id to quote (app/features/errors/request-reference.tsx), the one in its X-Request-Id.
  const id = (await response?.headerValue("x-request-id")) ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(alert).toContainText(`If you contact us about this error, quote this reference: ${id}`);
  // Retry is a GET form to the same address: the page is asked for again (the fault is permanent here, so
  // the same screen comes back, as another request with its own reference).
  const [again] = await Promise.all([page.waitForResponse((r) => r.request().isNavigationRequest()), alert.getByRole("button", { name: "Retry" }).click()]);
  expect(new URL(again.url()).search).toBe("?lang=en&__fault=ssr");
  expect(again.status()).toBe(500);
  const second = (await again.headerValue("x-request-id")) ?? "";
  expect(second).not.toBe(id);
  await expect(page.getByRole("alert").filter({ hasText: MESSAGE_EN })).toContainText(`quote this reference: ${second}`);
  // The browser's own lines for the 500 answers are the only console errors.
  expect(consoleErrors.filter((error) => !/^Failed to load resource: the server responded with a status of 500/.test(error))).toEqual([]);
  // In Portuguese too.
  const pt = await page.request.get("/areaOE/?lang=pt&__fault=ssr");
  expect(pt.status()).toBe(500);
  const ptBody = await pt.text();
  expect(ptBody).toContain("Se nos contactar sobre este erro, indique esta referência:");
  expect(ptBody).toContain(`<code>${pt.headers()["x-request-id"]}</code>`);
  expect(ptBody).toMatch(/<button type="submit" class="button button--primary">Tentar novamente<\/button>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the error screen's Retry works (a GET form to the same address)", async ({ page }) => {
    await page.goto("/areaOE/public/importacao?lang=pt&__fault=ssr");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Ocorreu um erro.");
    const [again] = await Promise.all([page.waitForResponse((r) => r.request().isNavigationRequest()), alert.getByRole("button", { name: "Tentar novamente" }).click()]);
    expect(new URL(again.url()).pathname).toBe("/areaOE/public/importacao");
    expect(new URL(again.url()).search).toBe("?lang=pt&__fault=ssr");
    await expect(page.getByRole("alert")).toContainText("Ocorreu um erro.");
  });
});

test("a thrown 404 shows the unavailable screen, not the error screen, with the request's reference", async ({ page }) => {
  const response = await page.goto("/areaOE/public/nao-existe?lang=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The feature you are trying to access is not available")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  const id = (await response?.headerValue("x-request-id")) ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator("main")).toContainText(`If you contact us about this error, quote this reference: ${id}`);
  const pt = await page.request.get("/areaOE/public/nao-existe?lang=pt");
  expect(pt.status()).toBe(404);
  const ptBody = await pt.text();
  expect(ptBody).toContain("Se nos contactar sobre este erro, indique esta referência:");
  expect(ptBody).toContain(`<code>${pt.headers()["x-request-id"]}</code>`);
  // A page the page cache stores (200), as rendered and as answered from the cache, carries no visitor's id.
  for (let i = 0; i < 2; i += 1) {
    const home = await page.request.get("/areaOE/?lang=en");
    expect(home.status()).toBe(200);
    const body = await home.text();
    expect(body).not.toContain("data-request-reference");
    expect(body).not.toContain(home.headers()["x-request-id"]);
  }
});
