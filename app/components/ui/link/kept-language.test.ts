import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "~/config/site-map";
import { appPath, BASE_PATH } from "~/config/paths";
import { isPagePath, keepLanguage } from "./kept-language";

describe("the language an address chose, kept in links to the portal's pages", () => {
  it("knows every page of the manifest by its path, and nothing the server answers otherwise", () => {
    const notPages = SITE_PAGES.filter((page) => !isPagePath(appPath(`/${page.path}`))).map((page) => `${page.id} (${page.path}): add its folder to PAGE_FOLDERS`);
    expect(notPages).toEqual([]);
    for (const other of ["/api/time", "/assets/portal.css", "/downloads/areaoe-security-header.mjs", "/sandbox/soap", "/feeds/changes.xml", "/diagrams/x.svg", "/auth/login", "/public/x.pdf"]) {
      expect(isPagePath(`${BASE_PATH}${other}`), other).toBe(false);
    }
  });

  it("adds ?lang= to a page's link, after its query and before its fragment, never twice", () => {
    expect(keepLanguage(appPath("/public/iecs"), "en")).toBe(`${BASE_PATH}/public/iecs?lang=en`);
    expect(keepLanguage(`${appPath("/public/pesquisa")}?q=eori#r`, "en")).toBe(`${BASE_PATH}/public/pesquisa?q=eori&lang=en#r`);
    expect(keepLanguage(`${appPath("/public/iecs")}?lang=pt`, "en")).toBe(`${BASE_PATH}/public/iecs?lang=pt`);
    expect(keepLanguage(appPath("/api/time"), "en")).toBe(`${BASE_PATH}/api/time`);
    expect(keepLanguage(appPath("/public/iecs"), undefined)).toBe(`${BASE_PATH}/public/iecs`);
  });
});
