import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ROUTES = path.join(ROOT, "app/routes");

/**
 * A page with its own route module (app/routes/<page>.tsx) reads its content with useLazyContent and
 * declares `handle = { pageId, hydrate }` without the content's Useful Links, which are only known once
 * the file is loaded. app/routes/content-page.tsx passes them through its loader data; these routes do
 * not, so their content files may not declare any (a declaration would silently do nothing).
 */
describe("content files of pages with their own route module", () => {
  const pages = readdirSync(ROUTES)
    .filter((file) => file.endsWith(".tsx") && file !== "content-page.tsx")
    .flatMap((file) => [...readFileSync(path.join(ROUTES, file), "utf8").matchAll(/useLazyContent\("([a-z0-9-]+)"\)/g)].map((match) => match[1] ?? ""));

  it("finds the routes that load their content lazily", () => {
    expect(pages).toEqual(expect.arrayContaining(["first-steps", "iva-exp", "security-header-check", "web-services"]));
  });

  it.each(pages)("%s declares no Useful Links in its content", (page) => {
    for (const lang of ["pt", "en"]) {
      const file = path.join(ROOT, "content", lang, `${page}.mdx`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8")).not.toMatch(/\busefulLinks\b/);
    }
  });
});
