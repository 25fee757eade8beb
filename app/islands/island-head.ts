import { BASE_URL } from "~/config/paths";
import type { ErrorReportingConfig } from "~/features/errors/error-reporter";
import { ISLAND_ATTRIBUTE, ISLAND_MANIFEST_ID, islandJson, type IslandData, type IslandManifest } from "./island-data";
import { ISLAND_FAULT_SOURCE, ISLAND_LOADER_SOURCE, ISLAND_RUNTIME_SOURCE, islandSource } from "./island-sources";

/** What the server knows of the islands' build (server/http/island-assets.ts); absent in development. */
export interface IslandAssets {
  /** The browser URLs of a source file's chunk and of the chunks it imports, its own first (the islands' manifest). */
  chunks(source: string): string[];
  /** The loader as built (./island-loader.client.ts), inlined into each page with islands. */
  loader: string;
}

const CONTAINER = new RegExp(`<div ${ISLAND_ATTRIBUTE}="([a-z][a-z0-9-]*)"`, "g");

/** The islands a rendered page holds, in order, once each. */
export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(CONTAINER)].map((match) => match[1] ?? ""))];
}

/**
 * Whether a page ships the islands' loader and runtime: it holds an island other than the header's search.
 * The header's search alone (the signed-out header form page, which shows only links) is a GET form that
 * needs no script, so such a page ships none.
 */
export function shipsIslands(names: readonly string[]): boolean {
  return names.some((name) => name !== "header-search");
}

const ISLAND_DATA = /(<script type="application\/json" data-island-data="[a-z][a-z0-9-]*">)(.*?)(<\/script>)/gs;

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
 * What goes at the end of <head> of a page with islands (app/entry.server.tsx): the manifest (JSON: the
 * runtime and what it imports, and each island's module and the files it needs besides), then the loader,
 * one inline module script with the page's nonce (./island-loader.ts: it preloads and imports nothing
 * before the page has painted and loaded). Without the islands' build (`npm run dev`) the modules are the
 * source files, which Vite serves, and the loader is its source file.
 */
export function islandHeadElements(
  names: readonly string[],
  options: {
    assets: IslandAssets | undefined;
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
  const { assets } = options;
  const urlsOf = (source: string): string[] => {
    const built = assets?.chunks(source) ?? [];
    return built.length > 0 ? built : [`${BASE_URL}${source}`];
  };
  const runtime = urlsOf(ISLAND_RUNTIME_SOURCE);
  const islands: IslandManifest["islands"] = {};
  for (const name of names) {
    const [module = "", ...imports] = urlsOf(islandSource(name));
    islands[name] = { module, preload: [module, ...imports.filter((url) => !runtime.includes(url))] };
  }
  const manifest: IslandManifest = {
    runtime,
    islands,
    ...(options.reporting ? { reporting: options.reporting } : {}),
    ...(options.faultInjection === true ? { faultInjection: urlsOf(ISLAND_FAULT_SOURCE)[0] ?? "" } : {}),
  };
  const nonce = options.nonce ? ` nonce="${attribute(options.nonce)}"` : "";
  const loader = assets
    ? `<script type="module"${nonce}>${assets.loader.replace(/<\/(script)/gi, "<\\/$1")}</script>`
    : `<script type="module"${nonce} src="${BASE_URL}${ISLAND_LOADER_SOURCE}"></script>`;
  return `<script type="application/json" id="${ISLAND_MANIFEST_ID}">${islandJson(manifest)}</script>${loader}`;
}
