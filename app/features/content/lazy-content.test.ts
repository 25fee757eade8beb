import { describe, expect, it } from "vitest";
import { hasLazyContent, lazyContentSource, loadContent, loadedContent } from "./lazy-content";
import { contentHeadElements } from "./content-bootstrap";

describe("lazily loaded content files", () => {
  // Loading itself (MDX compiled by the build) is covered by the browser tests (e2e/content.spec.ts).
  it("has nothing to read before a page's file is loaded, and no content for a page without a file", () => {
    expect(loadedContent("excise-siceu", "en")).toBeUndefined();
    expect(loadedContent("home", "pt")).toEqual({});
    expect(loadContent("home", "pt")).toBe(loadContent("search", "en"));
  });

  it("holds every routed page's file, those of pages with widgets too, but not ICS2 (not routed)", () => {
    for (const id of ["testing-manual", "first-steps", "iva-exp", "security-header-check", "web-services"]) {
      expect(hasLazyContent(id)).toBe(true);
    }
    for (const id of ["ics2", "home", "security-header-form"]) expect(hasLazyContent(id)).toBe(false);
  });

  it("names the source file of the build manifest and preloads its chunk with the page id for the browser", () => {
    expect(lazyContentSource("import", "pt")).toBe("content/pt/import.mdx");
    const head = contentHeadElements("import", "pt", (source) => [`/areaOE/assets/${source.replace(/\W/g, "-")}.js`]);
    expect(head).toBe(
      '<link rel="modulepreload" href="/areaOE/assets/content-pt-import-mdx.js"/><script type="application/json" id="areaoe-content">{"page":"import"}</script>',
    );
    expect(contentHeadElements("home", "pt", () => ["x"])).toBe("");
    expect(contentHeadElements(undefined, "pt")).toBe("");
  });
});
