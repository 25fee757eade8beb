import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { test, expect, islandManifest } from "./support/fixtures";
import { ISLAND_IDS, ROUTED_PATHS } from "../scripts/harness/routed-pages";

// Every page kind CONTRIBUTING.md describes ("The weight of each page kind") builds to the weight it
// states: the table is read from CONTRIBUTING.md itself, so the docs and the build cannot part. A page's
// first-load JavaScript is what its HTML makes the browser run before any interaction: its inline module
// scripts, and for a page with islands the files its islands' manifest lists for the runtime and for its
// `idle` islands (a `visible` island's load when scrolled near). Sizes are gzip (level 9) of the bodies,
// as `npm run bench` measures them (scripts/bench/page-weight.bench.ts, which also walks a signed-in page).
const ROOT = path.resolve(import.meta.dirname, "..");
const KB = 1024;

interface Row {
  kind: string;
  pages: string[];
  frameworkKb: number;
  pageScriptsKb: number | undefined;
}

function pageKinds(): Row[] {
  const text = readFileSync(path.join(ROOT, "CONTRIBUTING.md"), "utf8");
  const section = text.slice(text.indexOf("**The weight of each page kind**"));
  const rows = [...section.matchAll(/^\| (?!page kind|---)(.+?) \| (.+?) \| (.+?) \|$/gm)].slice(0, 3);
  return rows.map(([, kind = "", pages = "", weight = ""]) => {
    const [framework, scripts] = [...weight.matchAll(/(\d+) KB/g)].map((match) => Number(match[1]));
    return { kind, pages: [...pages.matchAll(/`([a-z0-9-]+)`/g)].map((match) => match[1] ?? ""), frameworkKb: framework ?? Number.NaN, pageScriptsKb: scripts };
  });
}

test("every page kind CONTRIBUTING.md describes builds to the weight it states", async ({ request }) => {
  test.setTimeout(120_000);
  const [textKind, toolKind, largerKind] = pageKinds();
  expect(textKind?.kind, "CONTRIBUTING.md's table of page kinds").toBe("page of text");
  expect(largerKind?.pages.length, "the larger tool pages, named by id").toBeGreaterThan(0);
  const gzipOf = new Map<string, number>();
  const gzip = async (url: string) => {
    if (!gzipOf.has(url)) gzipOf.set(url, gzipSync(await (await request.get(url)).body(), { level: 9 }).length);
    return gzipOf.get(url) ?? 0;
  };
  const over: string[] = [];
  for (const { id, path: address } of ROUTED_PATHS) {
    const html = await (await request.get(`${address}?lang=pt`)).text();
    const inline = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    const pageScripts = inline.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
    const manifest = islandManifest(html);
    const idle = [...html.matchAll(/<div data-island="([a-z0-9-]+)"[^>]*data-island-when="(idle|visible)"/g)].filter((match) => match[2] === "idle").map((match) => match[1] ?? "");
    const files = manifest ? [...new Set([...manifest.runtime, ...idle.flatMap((name) => manifest.islands[name]?.preload ?? [])])] : [];
    let framework = 0;
    for (const file of files) framework += await gzip(file);
    const row = !ISLAND_IDS.has(id) ? textKind : largerKind?.pages.includes(id) ? largerKind : toolKind;
    if (!row) continue;
    if (row === textKind) {
      if (framework > row.frameworkKb * KB || pageScripts > (row.pageScriptsKb ?? 0) * KB) {
        over.push(`${address} (${row.kind}): ${(framework / KB).toFixed(1)} KB of framework, ${(pageScripts / KB).toFixed(1)} KB of page scripts`);
      }
    } else if (framework + pageScripts > row.frameworkKb * KB) {
      over.push(`${address} (${row.kind}): ${((framework + pageScripts) / KB).toFixed(1)} KB, its kind at most ${row.frameworkKb} KB`);
    }
  }
  expect(over, "pages over the weight CONTRIBUTING.md states for their kind").toEqual([]);
});
