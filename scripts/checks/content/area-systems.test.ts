import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { childPages, hasContentFile, pageHref, SITE_PAGES, type PageId } from "../../../app/config/site-map";
import { LANGUAGES } from "../../../app/i18n/languages";
import type { Node } from "../../build/search/extract-sections";
import { compileSiteTree } from "./site-tree";

/**
 * Every listed system page is linked from its area: an area page lists its systems (its listed children
 * in the page manifest) with `<AreaSystems />` (app/mdx/area-systems.tsx, "Coming soon" ones
 * included), and a `<SystemNote page="…">` names a system of that area. The component's own test
 * (app/mdx/area-systems.test.tsx) proves it links every child.
 */
/** The areas: their systems are listed from the manifest, never by hand (issue 43). */
const SYSTEM_AREAS = ["import", "export", "transit", "excise", "vehicle-tax", "transport", "liquidation"];
const AREAS = SITE_PAGES.filter((page) => SYSTEM_AREAS.includes(page.id) && hasContentFile(page));

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const child of node.children ?? []) yield* nodes(child);
}

const attribute = (node: Node, name: string) => node.attributes?.find((candidate) => candidate.name === name)?.value;

const trees = new Map<string, Node>();
beforeAll(async () => {
  for (const page of AREAS) {
    for (const lang of LANGUAGES) {
      const file = `content/${lang}/${page.id}.mdx`;
      trees.set(file, await compileSiteTree(readFileSync(file, "utf8")));
    }
  }
}, 60_000);

describe("area pages and their systems", () => {
  it("covers the seven areas, each with systems in the manifest", () => {
    expect(SYSTEM_AREAS.filter((id) => !AREAS.some((page) => page.id === id) || childPages(id).length === 0)).toEqual([]);
  });

  it("link every listed system page from its area, in both languages", () => {
    const problems: string[] = [];
    for (const page of AREAS) {
      const systems = childPages(page.id).map((child) => child.id);
      for (const lang of LANGUAGES) {
        const file = `content/${lang}/${page.id}.mdx`;
        const all = [...nodes(trees.get(file) ?? { type: "root" })];
        const listsFromManifest = all.some((node) => node.name === "AreaSystems");
        if (SYSTEM_AREAS.includes(page.id) && !listsFromManifest) problems.push(`${file} lists its systems by hand: use <AreaSystems /> (the page manifest's children of ${page.id})`);
        for (const note of all.filter((node) => node.name === "SystemNote")) {
          const id = String(attribute(note, "page"));
          if (!systems.includes(id)) problems.push(`${file}: <SystemNote page="${id}"> is not a listed system of ${page.id} (${systems.join(", ")})`);
        }
        if (listsFromManifest) continue;
        const hrefs = new Set(all.flatMap((node) => [node.properties?.href, attribute(node, "href")]).filter((href): href is string => typeof href === "string"));
        for (const id of systems) {
          const href = pageHref(id as PageId);
          if (![...hrefs].some((candidate) => candidate === href || candidate.startsWith(`${href}#`))) problems.push(`${file} does not link its listed page ${id} (${href})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
