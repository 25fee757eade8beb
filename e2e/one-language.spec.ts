import { test, expect, waitForHydration } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// The browser loads only the negotiated language's texts, only the namespaces the page uses,
// preloaded by the server; no language detector ships; the switch still works in the browser. Pages of
// text are not hydrated (they ship no framework JavaScript) and load no texts at all: these are about a
// hydrated page.
const CONTENT = pageHref("web-services");
const PT_ONLY = "Saltar para o conteúdo principal";
const EN_ONLY = "Skip to main content";

test("a Portuguese page loads Portuguese texts only, every texts chunk preloaded, and no language detector", async ({
  page,
  consoleErrors,
}) => {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.set(response.url(), response.text().catch(() => ""));
  });
  const response = await page.goto(CONTENT);
  const html = (await response?.text()) ?? "";
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Serviços web" })).toBeVisible();
  const bodies = await Promise.all([...scripts].map(async ([url, body]) => ({ url, body: await body })));
  // A page with islands carries its texts in the islands' JSON (app/islands/island.tsx), in the page's
  // language only; no script holds a text (React Router renders on the server only: docs/decisions/0020).
  expect(html).toContain('id="areaoe-islands"');
  expect(bodies.filter(({ body }) => body.includes(PT_ONLY)).map(({ url }) => url)).toEqual([]);
  expect(html).toContain(PT_ONLY);
  expect(html).not.toContain(EN_ONLY);
  expect(bodies.filter(({ body }) => body.includes(EN_ONLY)).map(({ url }) => url)).toEqual([]);
  // i18next-browser-languagedetector's storage key: the detector is not in any chunk.
  expect(bodies.filter(({ body }) => body.includes("i18nextLng")).map(({ url }) => url)).toEqual([]);
  expect(consoleErrors.filter((error) => !error.startsWith("Applying inline style violates"))).toEqual([]);
});

test("the language links load the page in the other language", async ({ page, consoleErrors }) => {
  await page.goto(CONTENT);
  await waitForHydration(page);
  const switcher = page.getByRole("navigation", { name: "Idioma" });
  // Each language is named in its own language.
  await expect(switcher.getByRole("link", { name: "English" })).toHaveAttribute("title", "View this page in English");
  await switcher.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Web services" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: EN_ONLY })).toBeAttached();
  const back = page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Português" });
  await expect(back).toHaveAttribute("title", "Ver esta página em Português");
  await back.click();
  await expect(page.getByRole("heading", { level: 1, name: "Serviços web" })).toBeVisible();
  expect(consoleErrors.filter((error) => !error.startsWith("Applying inline style violates"))).toEqual([]);
});
