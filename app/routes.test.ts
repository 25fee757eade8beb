import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { hasLazyContent } from "./features/content/lazy-content";

// routes.ts and the glob of lazy-content.ts must agree: a page rendered by the content route has its
// file in the glob, and a page with its own module bundles its file itself (not a second chunk).
describe("the content route and the lazily loaded content files", () => {
  const pages = routes.filter((route) => route.id && route.file.startsWith("routes/") && route.path && route.path !== "*");

  it("every page of the content route has its content file among the lazily loaded ones", () => {
    const missing = pages
      .filter((route) => route.file === "routes/content-page.tsx")
      .filter((route) => existsSync(`content/pt/${route.id}.mdx`) && !hasLazyContent(route.id ?? ""));
    expect(missing.map((route) => route.id)).toEqual([]);
    expect(pages.filter((route) => route.file === "routes/content-page.tsx").length).toBeGreaterThanOrEqual(30);
  });

  it("no page with its own module has its content file loaded lazily as well", () => {
    const doubled = pages.filter((route) => route.file !== "routes/content-page.tsx" && hasLazyContent(route.id ?? ""));
    expect(doubled.map((route) => route.id)).toEqual([]);
  });
});
