// The security header samples page on a phone, without JavaScript, in both languages: it reads whole,
// passes axe, fits 390 px, and every SHA-256 it shows is the digest of the file the portal serves there.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, axeViolations } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";
import { SAMPLE_FILES } from "../scripts/build/downloads/downloads";

const SAMPLES_PAGE = pageHref("security-header-samples");
const HEADINGS = {
  pt: { title: "Exemplos do cabeçalho de segurança em seis linguagens", sources: "Legislação e fontes" },
  en: { title: "Security header samples in six languages", sources: "Legislation and sources" },
} as const;

for (const lang of ["pt", "en"] as const) {
  test(`the samples page at 390 px without JavaScript (${lang}): complete, axe clean, every SHA-256 is the served file's`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false, locale: lang === "pt" ? "pt-PT" : "en-GB" });
    const page = await context.newPage();
    try {
      const response = await page.goto(`${SAMPLES_PAGE}?lang=${lang}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADINGS[lang].title);
      for (const language of ["Java", "C#", "Python", "PHP", "Go", "Node.js"]) {
        await expect(page.getByRole("heading", { level: 2, name: language, exact: true })).toBeVisible();
      }
      await expect(page.getByRole("heading", { level: 2, name: HEADINGS[lang].sources })).toBeVisible();

      // A page of text: no framework script, and nothing wider than the phone.
      expect(await page.locator("script[src]").count()).toBe(0);
      const widths = await page.evaluate(() => ({ html: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
      expect(widths.html).toBeLessThanOrEqual(widths.viewport);
      expect(widths.body).toBeLessThanOrEqual(widths.viewport);

      // Each sample's download box: its link and its SHA-256, compared with the bytes served and committed.
      for (const { id, file } of SAMPLE_FILES) {
        const box = page.getByTestId(`download-${id}`);
        await expect(box).toBeVisible();
        const href = await box.getByRole("link").getAttribute("href");
        expect(href).toBe(`/areaOE/downloads/samples/${file}`);
        const shown = (await box.locator(".download-facts__digest").textContent())?.trim();
        const served = await request.get(href ?? "");
        expect(served.status()).toBe(200);
        const bytes = await served.body();
        expect(shown).toBe(createHash("sha256").update(bytes).digest("hex"));
        expect(bytes.equals(readFileSync(path.join("packages/security-header/samples", file)))).toBe(true);
      }

      // The test vectors' download, which the samples check themselves against.
      const vectors = page.getByTestId("download-security-header-test-vectors");
      await expect(vectors.getByRole("link")).toHaveAttribute("href", "/areaOE/downloads/security-header-test-vectors.json");
      const vectorsBytes = await (await request.get("/areaOE/downloads/security-header-test-vectors.json")).body();
      await expect(vectors.locator(".download-facts__digest")).toHaveText(createHash("sha256").update(vectorsBytes).digest("hex"));

    } finally {
      await context.close();
    }

    // axe is a script, which a page without JavaScript refuses: the same address is audited where scripts
    // run but the page's own script files are blocked (the server's HTML, never hydrated).
    const audit = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: true });
    try {
      await audit.route(/\.m?js(\?|$)/, (route) => route.abort());
      const audited = await audit.newPage();
      await audited.goto(`${SAMPLES_PAGE}?lang=${lang}`);
      expect(await axeViolations(audited)).toEqual([]);
    } finally {
      await audit.close();
    }
  });
}
