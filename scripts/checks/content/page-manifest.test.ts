import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasContentFile, SITE_PAGES } from "../../../app/config/site-map";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { readPagesNamespace } from "../../build/content/page-front-matter";

/**
 * A page is one entry of the page manifest (app/config/site-map.ts) and its content files
 * content/{pt,en}/<id>.mdx, whose front matter holds its texts (title, breadcrumb label, summary); a
 * page without a content file has its texts in pages.json. Nothing else lists it, so these must agree.
 */
const root = process.cwd();
const contentFile = (lang: string, id: string) => path.join(root, "content", lang, `${id}.mdx`);
// The `pages` namespace as the portal has it: pages.json joined by the content files' front matter.
const pageTexts = (lang: Language) => readPagesNamespace(root, lang) as Record<string, Record<string, string> | undefined>;

describe("the page manifest, the content files and the page texts agree", () => {
  it.each(LANGUAGES)("every page with content has its file in %s; a page without (module only, 'Coming soon') has none", (lang) => {
    const problems = SITE_PAGES.flatMap((page) => {
      const exists = existsSync(contentFile(lang, page.id));
      if (hasContentFile(page) && !exists) return [`content/${lang}/${page.id}.mdx is missing`];
      if (!hasContentFile(page) && exists) {
        return [`content/${lang}/${page.id}.mdx exists: remove \`content: false\` / \`comingSoon\` from the page's manifest entry`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES)("every content file in %s is a page of the manifest", (lang) => {
    const ids = new Set<string>(SITE_PAGES.map((page) => page.id));
    const files = readdirSync(path.join(root, "content", lang)).filter((name) => name.endsWith(".mdx"));
    expect(files.filter((name) => !ids.has(name.slice(0, -".mdx".length)))).toEqual([]);
  });

  it.each(LANGUAGES)("every page has its title, breadcrumb label and summary in %s, and no other page does", (lang) => {
    const texts = pageTexts(lang);
    for (const page of SITE_PAGES) {
      for (const key of ["title", "breadcrumb", "summary"]) expect(texts[page.id]?.[key]?.trim(), `${lang} ${key} of ${page.id}`).toBeTruthy();
    }
    const ids = new Set<string>(SITE_PAGES.map((page) => page.id));
    // The unavailable screen's title ("not-found") is not a page of the manifest, but a route of its own.
    expect(Object.keys(texts).filter((id) => !ids.has(id) && id !== "not-found")).toEqual([]);
  });
});
