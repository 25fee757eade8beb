import type { Browser } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { ROUTED_PATHS } from "../scripts/harness/routed-pages";

/**
 * Content checks on the rendered pages (server HTML, JavaScript off): one h1, headings in order, no
 * empty link, and a link checker over every in-app link and anchor, in both languages.
 */
interface PageFacts {
  status: number;
  h1Count: number;
  headings: { level: number; text: string }[];
  emptyLinks: string[];
  ids: string[];
  links: { href: string; text: string }[];
}

async function crawl(browser: Browser, lang: string): Promise<Map<string, PageFacts>> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: lang === "pt" ? "pt-PT" : "en-GB" });
  const page = await context.newPage();
  const facts = new Map<string, PageFacts>();
  for (const { path } of ROUTED_PATHS) {
    const response = await page.goto(`${path}?lang=${lang}`);
    const found = await page.evaluate(() => {
      const nameOf = (a: Element) =>
        (a.textContent ?? "").trim() ||
        a.getAttribute("aria-label") ||
        [...a.querySelectorAll("img[alt]")].map((img) => img.getAttribute("alt")).join("").trim();
      const anchors = [...document.querySelectorAll("a[href]")];
      return {
        h1Count: document.querySelectorAll("h1").length,
        headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => ({
          level: Number(h.tagName.slice(1)),
          text: (h.textContent ?? "").trim(),
        })),
        emptyLinks: anchors.filter((a) => !nameOf(a)).map((a) => a.getAttribute("href") ?? ""),
        ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
        links: anchors.map((a) => ({ href: a.getAttribute("href") ?? "", text: (a.textContent ?? "").trim().slice(0, 60) })),
      };
    });
    facts.set(path, { status: response?.status() ?? 0, ...found });
  }
  await context.close();
  return facts;
}

for (const lang of ["pt", "en"] as const) {
  test.describe(`rendered content in ${lang}`, () => {
    // One crawl per language, shared by the tests below (which then run in order in one worker).
    test.describe.configure({ mode: "default", timeout: 120_000 });
    let facts: Map<string, PageFacts>;
    test.beforeAll(async ({ browser }, testInfo) => {
      // Some 40 pages, one after another: the hook gets the describe's time, not the default 30 s.
      testInfo.setTimeout(120_000);
      facts = await crawl(browser, lang);
    });

    for (const { path } of ROUTED_PATHS) {
      test(`${path}: one h1, headings in order, every link named`, () => {
        const page = facts.get(path)!;
        expect(page.status, `${path} status`).toBe(200);
        expect(page.h1Count, `${path} must have exactly one h1`).toBe(1);
        const skips: string[] = [];
        page.headings.reduce((previous, heading) => {
          if (heading.level > previous + 1) skips.push(`h${heading.level} "${heading.text}" follows an h${previous}`);
          return heading.level;
        }, 0);
        expect(skips, `${path}: headings skip a level`).toEqual([]);
        expect(page.emptyLinks, `${path}: links without text (href listed)`).toEqual([]);
      });
    }

    test("no broken in-app link or anchor", async ({ request }) => {
      const broken: string[] = [];
      const others = new Map<string, number>();
      let anchorsChecked = 0;
      for (const [from, page] of facts) {
        for (const { href, text } of page.links) {
          const url = new URL(href, `http://site${from}`);
          if (url.host !== "site" || !url.pathname.startsWith("/areaOE")) continue;
          const anchor = url.hash ? decodeURIComponent(url.hash.slice(1)) : "";
          const target = facts.get(url.pathname) ?? facts.get(`${url.pathname}/`);
          if (target) {
            if (anchor) anchorsChecked += 1;
            if (anchor && !target.ids.includes(anchor)) broken.push(`${from}: "${text}" → ${href}: no element with id "${anchor}" on ${url.pathname}`);
            continue;
          }
          // Not a page (an image, a download, an API route): it must answer without an error.
          if (!others.has(url.pathname)) {
            const response = await request.get(`${url.pathname}${url.search}`, { maxRedirects: 0 });
            others.set(url.pathname, response.status());
          }
          const status = others.get(url.pathname)!;
          if (status >= 400) broken.push(`${from}: "${text}" → ${href}: answers ${status}`);
        }
      }
      expect(broken).toEqual([]);
      // The crawl really followed links to sections (the content's cross-references, "On this page").
      expect(anchorsChecked).toBeGreaterThan(0);
    });
  });
}
