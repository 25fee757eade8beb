import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { contentTree } from "./test-support/content-tree";
import { pageFrontMatterPlugin } from "./vite-plugin-page-front-matter";

const PAGE = (title: string, reviewed = "2026-11-26") => `---
title: "${title}"
breadcrumb: Import
summary: "Declarations: import."
reviewed: ${reviewed}
---

Text.
`;

let removeTree: (() => void) | undefined;
afterEach(() => {
  removeTree?.();
  removeTree = undefined;
});

/** A Vite build of one module that imports both languages' `pages` namespace and the reviews. */
async function buildWith(files: Record<string, string>): Promise<Record<string, unknown>> {
  const made = contentTree(files, (lang) => ({ home: { title: `home ${lang}` } }));
  removeTree = made.remove;
  const { root } = made;
  writeFileSync(
    path.join(root, "entry.js"),
    [
      'import pt from "./app/i18n/locales/pt/pages.json";',
      'import en from "./app/i18n/locales/en/pages.json";',
      'import { PAGE_REVIEWS } from "virtual:areaoe-page-reviews";',
      "export default { pt, en, PAGE_REVIEWS };",
    ].join("\n"),
  );
  const output = await build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [pageFrontMatterPlugin(root)],
    build: { write: false, lib: { entry: path.join(root, "entry.js"), formats: ["es"] }, minify: false },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !("output" in result)) throw new Error("no build output");
  const code = result.output[0].code;
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: Record<string, unknown> };
  return module.default;
}

describe("pageFrontMatterPlugin", () => {
  it("joins the front matter texts to each language's pages.json module and ships the review dates", async () => {
    const built = await buildWith({ "content/pt/import.mdx": PAGE("Importação"), "content/en/import.mdx": PAGE("Import") });
    expect(built).toEqual({
      pt: { home: { title: "home pt" }, import: { title: "Importação", breadcrumb: "Import", summary: "Declarations: import." } },
      en: { home: { title: "home en" }, import: { title: "Import", breadcrumb: "Import", summary: "Declarations: import." } },
      PAGE_REVIEWS: { import: { reviewed: "2026-11-26" } },
    });
  });

  it("fails the build naming the file and the key", async () => {
    await expect(buildWith({ "content/pt/import.mdx": PAGE("Importação", "2026-11-31"), "content/en/import.mdx": PAGE("") })).rejects.toThrow(
      /content\/pt\/import\.mdx, key reviewed: must be a date YYYY-MM-DD\n\s+content\/en\/import\.mdx, key title: must not be empty/,
    );
  });
});
