import { beforeAll, describe, expect, it } from "vitest";
import { pageHref, SITE_PAGES } from "../../../app/config/site-map";
import { elements, readAllContentFiles, type ContentFile } from "./site-tree";

/**
 * An in-page link and the heading it points to use the same literal form
 * (`href="#condições-de-acesso"` and `id="condições-de-acesso"`), checked over every content file as
 * the site compiles it. Links to a section of another page are held to the same rule.
 */
const PATHS = new Map(SITE_PAGES.map((page) => [pageHref(page.id), page.id as string]));
// Ids every page has (layout), besides its content headings.
const LAYOUT_IDS = ["main-content", "top"];

let files: ContentFile[] = [];
const idsOf = new Map<string, Set<string>>();

beforeAll(async () => {
  files = await readAllContentFiles(process.cwd());
  for (const { file, tree } of files) {
    const ids = [...elements(tree)].map((element) => element.properties?.id).filter((id): id is string => typeof id === "string");
    idsOf.set(file, new Set([...ids, ...LAYOUT_IDS]));
  }
}, 60_000);

describe("links to a section", () => {
  it("write the fragment exactly as the target heading's id (no percent-encoded form)", () => {
    const problems: string[] = [];
    for (const { file, lang, tree } of files) {
      for (const link of elements(tree)) {
        const href = link.tagName === "a" ? link.properties?.href : undefined;
        if (typeof href !== "string" || !href.includes("#")) continue;
        const [target = "", fragment = ""] = href.split("#", 2);
        if (target !== "" && !target.startsWith("/areaOE")) continue;
        const targetFile = target === "" ? file : `content/${lang}/${PATHS.get(target.split("?")[0] ?? "") ?? "?"}.mdx`;
        const ids = idsOf.get(targetFile);
        if (!ids) continue; // Not a content page (the content-files check reports unknown pages).
        if (!ids.has(fragment)) {
          let decoded = fragment;
          try {
            decoded = decodeURIComponent(fragment);
          } catch {
            // keep the raw form in the message
          }
          problems.push(
            ids.has(decoded)
              ? `${file}: href "${href}" is the encoded form of the id "${decoded}"; write "#${decoded}"`
              : `${file}: href "${href}" matches no id of ${targetFile}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("exist in the content (the check above has something to check)", () => {
    const count = files.flatMap(({ tree }) => [...elements(tree)]).filter((element) => String(element.properties?.href ?? "").startsWith("#")).length;
    expect(count).toBeGreaterThan(0);
  });
});
