import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentTree } from "./test-support/content-tree";
import { collectFrontMatter, frontMatterYaml, pagesNamespace, readPagesNamespace } from "./page-front-matter";
import { COLLECTED_FRONT_MATTER_KEYS } from "../../../app/mdx/mdx-pipeline";
import { resources } from "../../../app/i18n/resources";
import { LANGUAGES } from "../../../app/i18n/languages";

const GOOD_PT = `---
title: "Importação: regras"
breadcrumb: Importação
summary: STADA Importação CAU e DAIN.
reviewed: 2026-11-26
---

Texto.
`;
const GOOD_EN = `---
title: "Import: rules"
breadcrumb: Import
summary: STADA Import CAU and DAIN.
reviewed: "2026-11-26"
---

Text.
`;

let root: string | undefined;
let removeTree: (() => void) | undefined;
afterEach(() => {
  removeTree?.();
  root = removeTree = undefined;
});

/** A folder with content/<lang>/<id>.mdx files and each language's pages.json. */
function tree(files: Record<string, string>, pagesJson: Record<string, unknown> = {}): string {
  const made = contentTree(files, () => pagesJson);
  removeTree = made.remove;
  root = made.root;
  return root;
}

describe("collectFrontMatter", () => {
  it("reads each page's texts per language and its one review date, byte for byte", () => {
    const collected = collectFrontMatter(tree({ "content/pt/import.mdx": GOOD_PT, "content/en/import.mdx": GOOD_EN }));
    expect(collected.texts.pt.import).toEqual({ title: "Importação: regras", breadcrumb: "Importação", summary: "STADA Importação CAU e DAIN." });
    expect(collected.texts.en.import).toEqual({ title: "Import: rules", breadcrumb: "Import", summary: "STADA Import CAU and DAIN." });
    expect(collected.reviews).toEqual({ import: { reviewed: "2026-11-26" } });
    expect(collected.files.map((file) => path.relative(root!, file))).toEqual(["content/pt/import.mdx", "content/en/import.mdx"]);
  });

  it("names the file and the key of a missing title", () => {
    const root = tree({ "content/pt/import.mdx": GOOD_PT.replace('title: "Importação: regras"\n', ""), "content/en/import.mdx": GOOD_EN });
    expect(() => collectFrontMatter(root)).toThrow(/content\/pt\/import\.mdx, key title: missing/);
  });

  it("names the file and the key of a date that is not a real YYYY-MM-DD", () => {
    const root = tree({
      "content/pt/import.mdx": GOOD_PT.replace("2026-11-26", "2026-02-30"),
      "content/en/import.mdx": GOOD_EN.replace('"2026-11-26"', "26/11/2026"),
    });
    const error = (() => {
      try {
        collectFrontMatter(root);
      } catch (caught) {
        return (caught as Error).message;
      }
      return "";
    })();
    expect(error).toContain("content/pt/import.mdx, key reviewed: must be a date YYYY-MM-DD");
    expect(error).toContain("content/en/import.mdx, key reviewed: must be a date YYYY-MM-DD");
  });

  it("refuses an empty text, an unknown key, a file without front matter, bad YAML and two review dates", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ "content/pt/a.mdx": GOOD_PT.replace("breadcrumb: Importação", 'breadcrumb: "  "') }, /content\/pt\/a\.mdx, key breadcrumb: must not be empty/],
      [{ "content/pt/a.mdx": GOOD_PT.replace("summary:", "sumary:") }, /content\/pt\/a\.mdx, key summary: missing[\s\S]*unknown key\(s\) sumary/],
      [{ "content/pt/a.mdx": "Texto sem cabeçalho.\n" }, /content\/pt\/a\.mdx: no front matter/],
      [{ "content/pt/a.mdx": GOOD_PT.replace('title: "Importação: regras"', "title: Importação: regras") }, /content\/pt\/a\.mdx: front matter is not valid YAML/],
      [{ "content/pt/a.mdx": GOOD_PT.replace("title:", "title: [a]\nx:").replace("x: ", "heading: ") }, /content\/pt\/a\.mdx, key title: must be a text/],
      [
        { "content/pt/a.mdx": GOOD_PT, "content/en/a.mdx": GOOD_EN.replace('"2026-11-26"', "2026-11-25") },
        /content\/en\/a\.mdx, key reviewed: 2026-11-25, but content\/pt\/a\.mdx says 2026-11-26/,
      ],
    ];
    for (const [files, message] of cases) {
      expect(() => collectFrontMatter(tree(files)), String(message)).toThrow(message);
      removeTree?.();
    }
  });

  it("keeps `heading`, the one other key a content file may have", () => {
    const root = tree({ "content/pt/a.mdx": GOOD_PT.replace("reviewed:", "heading: Outro título\nreviewed:") });
    expect(collectFrontMatter(root).texts.pt.a?.title).toBe("Importação: regras");
  });

  it("collects exactly the keys the content modules leave out", () => {
    const root = tree({ "content/pt/a.mdx": GOOD_PT });
    expect([...Object.keys(collectFrontMatter(root).texts.pt.a ?? {}), "reviewed"].sort()).toEqual([...COLLECTED_FRONT_MATTER_KEYS].sort());
  });
});

describe("frontMatterYaml", () => {
  it("takes the block only when it opens the file and closes on a line of its own", () => {
    expect(frontMatterYaml("---\na: 1\n---\ntext")).toBe("a: 1");
    expect(frontMatterYaml("---\r\na: 1\r\n---\r\n")).toBe("a: 1");
    expect(frontMatterYaml("---\n---\n")).toBe("");
    expect(frontMatterYaml("text\n---\na: 1\n---\n")).toBeUndefined();
    expect(frontMatterYaml("---\na: 1---\n")).toBeUndefined();
  });
});

describe("the pages namespace", () => {
  it("joins pages.json and the front matter in manifest order; a page in both fails", () => {
    const merged = pagesNamespace({ "not-found": { title: "x" }, home: { title: "h" } }, { import: { title: "i", breadcrumb: "i", summary: "i" } });
    expect(Object.keys(merged)).toEqual(["home", "import", "not-found"]);
    expect(() => pagesNamespace({ import: {} }, { import: { title: "i", breadcrumb: "i", summary: "i" } }, "app/i18n/locales/pt/pages.json")).toThrow(
      /app\/i18n\/locales\/pt\/pages\.json has texts of pages whose content file has them in its front matter: import/,
    );
  });

  it.each(LANGUAGES)("the app's %s namespace (through the Vite plugin) is what the collector reads from disk", (lang) => {
    const fromDisk = readPagesNamespace(process.cwd(), lang);
    expect(resources[lang]?.pages).toEqual(fromDisk);
    // A page of text has its texts from its front matter, not from pages.json.
    expect(Object.keys(fromDisk).length).toBeGreaterThan(40);
  });
});
