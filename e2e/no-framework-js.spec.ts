import { test, expect, axeViolations, waitForHydration, isHydratedPage, isIslandPage, isRouterPage, islandManifest, manifestFiles } from "./support/fixtures";
import { ISLAND_IDS, ROUTED_PATHS } from "../scripts/harness/routed-pages";
import { pageHref } from "../app/config/site-map";

// React Router renders on the server only (docs/decisions/0020). Pages of text, tables and links send
// their HTML and the inline stylesheet, the speculation rules and, on a page with an image preview or a
// form its server answers (the time-limit calculator), its one small module each; no modulepreload, no
// router context, no route module. The pages with widgets that need script are islands pages (`islands:
// true` in the page manifest): their one script is the islands' loader (and an answered form's module),
// their files all from the islands' own build, none of React Router's, and they hydrate without a mismatch.
const LANGS = ["pt", "en"] as const;

/** Every `<script …>` opening tag of a page. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);

for (const lang of LANGS) {
  test(`every page of text in ${lang}: no framework script, no preload, no router context`, async ({ request }) => {
    const checked: string[] = [];
    for (const { id, path } of ROUTED_PATHS.filter((route) => !ISLAND_IDS.has(route.id))) {
      const response = await request.get(`${path}?lang=${lang}`);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      // A static document: its inline elements are allowed by hash (e2e/static-documents.spec.ts), no nonce.
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp, path).not.toContain("'nonce-");
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toContain("__reactRouter");
      expect(html, path).not.toContain('type="application/json"');
      for (const tag of scriptTags(html)) {
        // The speculation rules, or the image preview's or the answered page's module: allowed by their hash.
        expect(tag, `${path}: ${tag}`).toMatch(/^<script type="(speculationrules|module)"[ >]/);
        expect(tag, path).not.toContain("nonce=");
        if (tag.includes('type="module"')) expect(tag, path).toMatch(/data-enhancement="(image-preview|answered-page)"/);
      }
      expect(scriptTags(html).filter((tag) => tag.includes("speculationrules")), path).toHaveLength(1);
      const hasPreview = html.includes("data-image-preview=");
      expect(scriptTags(html).some((tag) => tag.includes('data-enhancement="image-preview"')), path).toBe(hasPreview);
      const answered = html.includes("data-answered-panel=");
      expect(scriptTags(html).some((tag) => tag.includes('data-enhancement="answered-page"')), path).toBe(answered);
      if (hasPreview || answered) {
        // At most 3 KB gzip of page scripts (the modules, measured as sent).
        const modules = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").join("");
        const { gzipSync } = await import("node:zlib");
        expect(gzipSync(modules).length, path).toBeLessThanOrEqual(3 * 1024);
      }
      checked.push(id);
    }
    // Thirty-four pages of text, and the home page under both its addresses.
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });

  test(`every page with script in ${lang} is an islands page: its loader and islands' files only, none of React Router's, hydrated without a mismatch`, async ({ page, consoleErrors, request }) => {
    test.setTimeout(120_000);
    // The page frame's texts and the title as the server wrote them, before any script ran, and once
    // hydrated (widgets may change their form after hydration; these parts never do).
    const PARTS = ["header", "main h1", "nav.breadcrumbs", "aside", "footer"];
    await page.goto(`/areaOE/?lang=${lang}`);
    for (const { path } of ROUTED_PATHS.filter((route) => ISLAND_IDS.has(route.id))) {
      const url = `${path}?lang=${lang}`;
      // A page with islands: no router context or route module, one module script (the loader) with the page's nonce.
      const response = await request.get(url);
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      expect(html, path).not.toContain("__reactRouter");
      const modules = scriptTags(html).filter((tag) => tag.includes('type="module"'));
      if (html.includes('data-island="header-search"') && !/data-island="(?!header-search")/.test(html)) {
        // Only the header's search (the signed-out header form page): no script at all.
        expect(modules, path).toEqual([]);
        continue;
      }
      // Its islands' loader, inline: nothing of the islands is requested before the page has loaded;
      // and, on a page with a form its server answers, that form's small module (with the nonce too).
      const answered = html.includes("data-answered-panel=");
      expect(modules, path).toHaveLength(answered ? 2 : 1);
      for (const module of modules) {
        expect(module, path).toContain(`nonce="${nonce}"`);
        expect(module, path).not.toContain(" src=");
      }
      if (answered) expect(modules.filter((tag) => tag.includes('data-enhancement="answered-page"')), path).toHaveLength(1);
      expect(html, path).not.toMatch(/<link[^>]* rel="modulepreload"/);
      const files = manifestFiles(islandManifest(html));
      expect(files[0], path).toMatch(/\/islands\.client-[\w-]+\.js$/);
      // Every file a page with script names is the islands' build's: a React Router chunk fails here.
      for (const file of files) expect(file, `${path} names a file that is not the islands' build's`).toMatch(/^\/areaOE\/assets\/islands\//);
      const serverTexts = await page.evaluate(
        async ({ url, parts }) => {
          // Without its <style> (its nonce is another answer's: this page's policy would refuse it).
          const html = (await (await fetch(url)).text()).replace(/<style\b[\s\S]*?<\/style>/g, "");
          const doc = new DOMParser().parseFromString(html, "text/html");
          return [doc.title, ...parts.map((selector) => doc.querySelector(selector)?.textContent ?? "")];
        },
        { url, parts: PARTS },
      );
      await page.goto(url);
      expect(await isHydratedPage(page), path).toBe(true);
      expect(await isRouterPage(page), path).toBe(false);
      expect(await isIslandPage(page), path).toBe(true);
      await waitForHydration(page);
      const hydratedTexts = await page.evaluate(
        (parts) => [document.title, ...parts.map((selector) => document.querySelector(selector)?.textContent ?? "")],
        PARTS,
      );
      expect(hydratedTexts, path).toEqual(serverTexts);
      expect(serverTexts[2], path).not.toBe("");
    }
    // React reports a hydration mismatch as a console error ("Hydration failed", "didn't match").
    expect(consoleErrors).toEqual([]);
  });
}

test.describe("the image preview on a page of text", () => {
  const TESTING_MANUAL = pageHref("testing-manual");

  for (const lang of LANGS) {
    test(`opens, closes with Close and with Escape, focus returns, axe clean, fits 390 px (${lang})`, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${TESTING_MANUAL}?lang=${lang}`);
      expect(await isHydratedPage(page)).toBe(false);
      const thumbnail = page.getByRole("link", { name: lang === "pt" ? /^Ampliar imagem/ : /^Enlarge image/ });
      const dialog = page.getByRole("dialog", { name: lang === "pt" ? "Do registo à produção" : "From registration to production" });
      await expect(dialog).toBeHidden();
      await thumbnail.click();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${TESTING_MANUAL}\\?lang=${lang}$`));
      const image = dialog.getByRole("img");
      await expect(image).toHaveJSProperty("complete", true);
      await expect(image).toHaveAttribute("style", /width/);
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeLessThanOrEqual(844);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: lang === "pt" ? "Fechar" : "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(thumbnail).toBeFocused();
      await thumbnail.press("Enter");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(thumbnail).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const [size, width] of [
    ["md", 36],
    ["lg", 52],
  ] as const) {
    test(`size ${size}: at most ${width} rem wide on a desktop`, async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(size === "md" ? `${TESTING_MANUAL}?lang=en` : "/areaOE/?lang=en");
      await page.getByRole("link", { name: /^Enlarge image/ }).click();
      const dialog = page.locator(`dialog[data-size="${size}"]`);
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width * 16 + 1);
      expect(box.width).toBeGreaterThan(width * 16 - 40);
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the thumbnail leads to the image", async ({ page }) => {
      await page.goto(`${TESTING_MANUAL}?lang=en`);
      const thumbnail = page.getByRole("link", { name: /^Enlarge image/ });
      await expect(thumbnail).toHaveAttribute("href", "/areaOE/diagrams/testing-manual-path.en.svg");
      const [response] = await Promise.all([page.waitForEvent("response", (r) => r.url().endsWith(".svg") && r.request().isNavigationRequest()), thumbnail.click()]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    });
  });
});

test("hovering a link of a page of text prefetches it (speculation rules), never a link to the other language", async ({ page }) => {
  const prefetched: string[] = [];
  page.on("request", (request) => {
    const purpose = request.headers()["sec-purpose"] ?? "";
    if (purpose.includes("prefetch")) prefetched.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await page.goto(`${pageHref("import")}?lang=en`);
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Português" }).hover();
  await page.getByRole("main").getByRole("link", { name: "STADA Import RBV" }).first().hover();
  // The page was asked with ?lang=en: its links keep it (a client without cookies stays in English).
  await expect.poll(() => prefetched).toContain(`${pageHref("import-rbv")}?lang=en`);
  expect(prefetched.filter((url) => url.includes("lang=pt"))).toEqual([]);
});
