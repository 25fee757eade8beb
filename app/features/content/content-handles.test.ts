import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasContentFile, ROUTED_PAGES } from "~/config/site-map";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * A page with its own route module (`module: "own"` in the page manifest) and a content file renders its
 * content with ContentPage (directly, or through widgetContentPage) without the content's Useful
 * Links, which reach the side panel as route data: app/routes/content-page.tsx passes them through
 * its loader data; these routes do not, so their content files may not declare any (a declaration
 * would silently do nothing).
 */
describe("content files of pages with their own route module", () => {
  const pages = ROUTED_PAGES.filter((page) => page.module === "own" && hasContentFile(page)).map((page) => page.id);

  it("finds the pages with a module and a content file", () => {
    expect(pages).toEqual(expect.arrayContaining(["first-steps", "iva-exp", "security-header-check", "web-services"]));
  });

  it.each(pages)("%s: its module renders its content file, which declares no Useful Links", (page) => {
    const module = readFileSync(path.join(ROOT, "app/routes", `${page}.tsx`), "utf8");
    expect(module).toMatch(new RegExp(`(<ContentPage id=|widgetContentPage(<[^>]*>)?\\()"${page}"`));
    for (const lang of ["pt", "en"]) {
      const file = path.join(ROOT, "content", lang, `${page}.mdx`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8")).not.toMatch(/\busefulLinks\b/);
    }
  });
});
