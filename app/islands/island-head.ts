import { BASE_URL } from "~/config/paths";
import type { LocaleChunks } from "~/i18n/i18n-head";
import type { ErrorReportingConfig } from "~/features/errors/error-reporter";
import { islandJson, type IslandData } from "./island";
import { ISLAND_FAULT_SOURCE, ISLAND_MANIFEST_ID, ISLAND_RUNTIME_SOURCE, ISLAND_SOURCES, isIslandName, type IslandName } from "./island-names";
import type { IslandManifest } from "./islands.client";

const ISLAND_ATTRIBUTE = /<div data-island="([a-z][a-z-]*)"/g;

/** The islands a rendered page holds, in order, once each. */
export function islandsIn(html: string): IslandName[] {
  const names = new Set<IslandName>();
  for (const match of html.matchAll(ISLAND_ATTRIBUTE)) if (match[1] && isIslandName(match[1])) names.add(match[1]);
  return [...names];
}

/**
 * Whether a page ships the island runtime: it holds an island other than the header's search. The header's
 * search alone (the signed-out header form page, which shows only links) is a GET form that needs no
 * script, so such a page ships none.
 */
export function shipsIslands(names: readonly IslandName[]): boolean {
  return names.some((name) => name !== "header-search");
}

const ISLAND_DATA = /(<script type="application\/json" data-island-data="[a-z][a-z-]*">)(.*?)(<\/script>)/gs;

/**
 * Each text namespace once per page: an island's JSON keeps only the namespaces no earlier island's JSON
 * on the page holds (`common`, `errors`, `ui` and a shared feature namespace came once per island:
 * first steps wrote `session` twice, search `pages` twice). The runtime gives every island the texts of
 * all the page's islands (./islands.client.tsx). Done on the rendered page, so whatever order React
 * rendered the islands in, a namespace is written where the browser finds it.
 */
export function dedupeIslandTexts(html: string): string {
  // A page that ships no runtime (the signed-out header form: only the header's search, a GET form)
  // needs none of its islands' JSON.
  if (!shipsIslands(islandsIn(html))) return html.replace(ISLAND_DATA, "");
  const written = new Set<string>();
  return html.replace(ISLAND_DATA, (whole, open: string, json: string, close: string) => {
    let data: IslandData;
    try {
      data = JSON.parse(json) as IslandData;
    } catch {
      return whole;
    }
    const texts: IslandData["texts"] = {};
    for (const [namespace, bundle] of Object.entries(data.texts)) {
      const key = `${data.lang}\u0000${namespace}`;
      if (written.has(key)) continue;
      written.add(key);
      texts[namespace] = bundle;
    }
    return `${open}${islandJson({ ...data, texts })}${close}`;
  });
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * What goes at the end of <head> of a page with islands (app/entry.server.tsx): the JSON that tells the
 * runtime each island's module, a modulepreload of the runtime, of each island's module and of what they
 * import (React's chunk), and the page's one module script, all with the page's nonce and at low fetch
 * priority: the page is complete without them, so on a slow connection they do not compete with what
 * it needs to paint (a script at the default high priority counted as render-blocking in Lighthouse's
 * simulation, which put the tool pages' first paint at 2.0 s). Without a client manifest (`npm run dev`)
 * the modules are the source files, which Vite serves.
 */
export function islandHeadElements(
  names: readonly IslandName[],
  options: {
    chunks: LocaleChunks | undefined;
    nonce: string | undefined;
    reporting?: ErrorReportingConfig;
    /**
     * Test-only: tells the runtime to inject a rendering fault (./island-fault.tsx). The server sets it only
     * with AREAOE_ENABLE_FAULT_INJECTION=1 and an address that asks for it (`?__fault=render`).
     */
    faultInjection?: boolean;
  },
): string {
  if (!shipsIslands(names)) return "";
  const urlsOf = (source: string): string[] => {
    const built = options.chunks?.(source) ?? [];
    return built.length > 0 ? built : [`${BASE_URL}${source}`];
  };
  const runtime = urlsOf(ISLAND_RUNTIME_SOURCE);
  const modules: IslandManifest["modules"] = {};
  const preload = new Set(runtime);
  for (const name of names) {
    const urls = urlsOf(ISLAND_SOURCES[name]);
    modules[name] = urls[0];
    for (const url of urls) preload.add(url);
  }
  const manifest: IslandManifest = {
    modules,
    ...(options.reporting ? { reporting: options.reporting } : {}),
    ...(options.faultInjection === true ? { faultInjection: urlsOf(ISLAND_FAULT_SOURCE)[0] ?? "" } : {}),
  };
  const nonce = options.nonce ? ` nonce="${attribute(options.nonce)}"` : "";
  return (
    `<script type="application/json" id="${ISLAND_MANIFEST_ID}">${islandJson(manifest)}</script>` +
    [...preload].map((href) => `<link rel="modulepreload" href="${attribute(href)}"${nonce} fetchpriority="low"/>`).join("") +
    `<script type="module" src="${attribute(runtime[0] ?? "")}"${nonce} fetchpriority="low"></script>`
  );
}
