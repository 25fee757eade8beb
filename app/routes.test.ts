import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { hasLazyContent } from "./features/content/lazy-content";

// routes.ts and the glob of lazy-content.ts must agree: every page's content file is in the glob, one
// chunk per language, and no route module bundles a content file itself (it would carry both languages).
describe("the content route and the lazily loaded content files", () => {
  const pages = routes.filter((route) => route.id && route.file.startsWith("routes/") && route.path && route.path !== "*");

  it("every page of the content route has its content file among the lazily loaded ones", () => {
    const missing = pages
      .filter((route) => route.file === "routes/content-page.tsx")
      .filter((route) => existsSync(`content/pt/${route.id}.mdx`) && !hasLazyContent(route.id ?? ""));
    expect(missing.map((route) => route.id)).toEqual([]);
    expect(pages.filter((route) => route.file === "routes/content-page.tsx").length).toBeGreaterThanOrEqual(30);
  });

  it("a page with its own module loads its content file lazily too, never bundled in its module", () => {
    const own = pages.filter((route) => route.file !== "routes/content-page.tsx");
    const withContent = own.filter((route) => existsSync(`content/pt/${route.id}.mdx`));
    expect(withContent.map((route) => route.id)).toEqual(expect.arrayContaining(["first-steps", "iva-exp", "web-services"]));
    expect(withContent.filter((route) => !hasLazyContent(route.id ?? "")).map((route) => route.id)).toEqual([]);
    const bundling = own.filter((route) => /import\.meta\.glob\([^)]*\.mdx/.test(readFileSync(`app/${route.file}`, "utf8")));
    expect(bundling.map((route) => route.id)).toEqual([]);
  });
});
