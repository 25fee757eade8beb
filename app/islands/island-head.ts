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
 * The islands' loader: the one script of a page with islands, inline (with the page's nonce). Once the page
 * has painted (its first paint entry: a small page with its stylesheet inline can fire `load` before its
 * first frame is on screen; a browser without paint timing skips this wait), has loaded, and the browser is
 * idle (Astro's `client:idle`: `requestIdleCallback` with a 1 s timeout, `setTimeout` where the browser has
 * none), it adds a modulepreload of each address in the manifest's
 * `preload` (the runtime, each island's module and what they import) and imports the runtime, the first.
 * No island request starts before the page has painted: Lighthouse's simulated LCP counts every request
 * that starts before the observed LCP, and the islands' 80-93 KB started then (the tool pages scored
 * 89-100 in performance). The page is complete without them (its forms post to the server).
 */
export function islandLoaderSource(): string {
  return (
    `const m=JSON.parse(document.getElementById(${JSON.stringify(ISLAND_MANIFEST_ID)}).textContent),` +
    `go=()=>{for(const u of m.preload){const l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.append(l)}import(m.preload[0])},` +
    `idle=()=>window.requestIdleCallback?requestIdleCallback(go,{timeout:1000}):setTimeout(go,1),` +
    `loaded=()=>document.readyState==="complete"?idle():addEventListener("load",idle,{once:true});` +
    `performance.getEntriesByType("paint").length>0||!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")?loaded():` +
    `new PerformanceObserver((_,o)=>{o.disconnect();loaded()}).observe({type:"paint",buffered:true})`
  );
}

/**
 * What goes at the end of <head> of a page with islands (app/entry.server.tsx): the JSON that tells the
 * loader what to preload (the runtime first, each island's module and what they import: React's chunk)
 * and the runtime each island's module, then the loader (islandLoaderSource), with the page's nonce.
 * Nothing of the islands is requested before the page has loaded and the browser is idle. Without a client
 * manifest (`npm run dev`) the modules are the source files, which Vite serves.
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
    preload: [...preload],
    ...(options.reporting ? { reporting: options.reporting } : {}),
    ...(options.faultInjection === true ? { faultInjection: urlsOf(ISLAND_FAULT_SOURCE)[0] ?? "" } : {}),
  };
  const nonce = options.nonce ? ` nonce="${attribute(options.nonce)}"` : "";
  return (
    `<script type="application/json" id="${ISLAND_MANIFEST_ID}">${islandJson(manifest)}</script>` +
    `<script type="module"${nonce}>${islandLoaderSource()}</script>`
  );
}
