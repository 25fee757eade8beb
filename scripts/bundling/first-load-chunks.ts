import type { GetModuleInfo } from "rollup";

/** The client build's entry points whose static imports every page loads before it can hydrate. */
const FIRST_LOAD_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx\?__react-router-build-client-route$/];
/** The islands' runtime (app/islands/islands.client.tsx): what it imports is React's chunk, shared by every island. */
const ISLAND_RUNTIME = /\/app\/islands\/islands\.client\.tsx$/;
/** The islands' modules (app/islands/*.island.tsx), loaded by the runtime. */
const ISLAND_MODULES = /\/app\/islands\/([^/]+)\.island\.tsx$/;
/** The island on every page with islands besides the runtime: the header's search. */
const EVERY_PAGE_ISLAND = /\/app\/islands\/header-search\.island\.tsx$/;
/** Rollup's and Vite's helpers that React's CommonJS and the islands' dynamic imports use. */
const HELPERS = new Set(["\0commonjsHelpers.js", "\0vite/preload-helper.js"]);

/**
 * Rollup's `manualChunks` for the client build: every module that the browser entry or the root route
 * imports statically (so every page loads it before hydrating) goes into one of two chunks,
 * `framework` (from node_modules) and `shell` (the portal's own). Left to itself Rollup cut that code
 * into about twenty chunks of 0.1 to 6 KB, each one more request on a first visit; a slow mobile
 * connection pays a round trip for each. Everything loaded on demand (pages, widgets, texts) keeps
 * its own chunks.
 *
 * Pages with islands (app/islands/island.tsx) load no router: whatever the islands' runtime and modules
 * import is never put in `framework` or `shell` (which import React Router). The libraries the runtime
 * imports (React, ReactDOM, the scheduler) go into a `react` chunk of their own, which `framework` imports
 * in turn; the portal's own modules that the islands share with the router's first load go into
 * `island-shared` when every page with islands loads them (the runtime's and the header search's), else
 * into `island-shared-<islands>`, one chunk per set of islands that load them (the site map, which only
 * some widgets' links need, cost every tool page 0.8 KB gzip in `island-shared`); what an island loads later, through a dynamic import (the notifications region, the
 * search index), and the router's first load also imports goes into `island-lazy` (else the chunk an
 * island loads on demand would import `framework`, and a page with islands would download React Router
 * once idle: the notifications region did, for React DOM's ES-module wrapper); the rest is left to Rollup.
 */
export function firstLoadChunks(): (id: string, meta: { getModuleInfo: GetModuleInfo; getModuleIds: () => IterableIterator<string> }) => string | undefined {
  const verdicts = new Map<string, boolean>();
  const loadedFirst = (id: string, getModuleInfo: GetModuleInfo): boolean => {
    const known = verdicts.get(id);
    if (known !== undefined) return known;
    verdicts.set(id, false); // an import cycle reaches this module again: decided by its other importers
    const info = getModuleInfo(id);
    const verdict =
      FIRST_LOAD_ENTRIES.some((entry) => entry.test(id)) ||
      (info?.importers ?? []).some((importer) => loadedFirst(importer, getModuleInfo));
    verdicts.set(id, verdict);
    return verdict;
  };
  // What the islands reach, found forwards from their modules once (static imports only): a module an
  // island loads first must never be put in a chunk that imports React Router.
  let islandSets:
    | { fromRuntime: Set<string>; fromIslands: Set<string>; lazyFromIslands: Set<string>; everyPage: Set<string>; perIsland: [string, Set<string>][] }
    | undefined;
  const reach = (roots: string[], getModuleInfo: GetModuleInfo, dynamic = false): Set<string> => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const info = getModuleInfo(id);
      queue.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
    }
    return seen;
  };
  const islands = (getModuleInfo: GetModuleInfo, getModuleIds: () => IterableIterator<string>) => {
    if (!islandSets) {
      const ids = [...getModuleIds()];
      const roots = ids.filter((id) => ISLAND_RUNTIME.test(id) || ISLAND_MODULES.test(id));
      islandSets = {
        fromRuntime: reach(ids.filter((id) => ISLAND_RUNTIME.test(id)), getModuleInfo),
        fromIslands: reach(roots, getModuleInfo),
        lazyFromIslands: reach(roots, getModuleInfo, true),
        everyPage: reach(ids.filter((id) => ISLAND_RUNTIME.test(id) || EVERY_PAGE_ISLAND.test(id)), getModuleInfo),
        perIsland: ids.flatMap((id) => {
          const name = ISLAND_MODULES.exec(id)?.[1];
          return name ? [[name, reach([id], getModuleInfo)] as [string, Set<string>]] : [];
        }),
      };
    }
    return islandSets;
  };
  return (id, { getModuleInfo, getModuleIds }) => {
    if (getModuleInfo(id)?.isEntry) return undefined;
    const library = id.includes("/node_modules/") || id.startsWith("\0");
    const { fromRuntime, fromIslands, lazyFromIslands, everyPage, perIsland } = islands(getModuleInfo, getModuleIds);
    const first = loadedFirst(id, getModuleInfo);
    // A module in a manual chunk takes along the dependencies no other chunk claims: what an island shares
    // with the router's first load is claimed here, or `shell` (which imports React Router) would take it.
    if (fromIslands.has(id)) {
      if (library && (fromRuntime.has(id) || HELPERS.has(id))) return "react";
      if (!first) return undefined;
      if (library) return "react";
      if (everyPage.has(id)) return "island-shared";
      const loadedBy = perIsland.flatMap(([name, reached]) => (reached.has(id) ? [name] : [])).sort();
      return `island-shared-${loadedBy.join("-")}`;
    }
    if (!first) return undefined;
    // What an island loads on demand and the router's first load imports too (see above).
    if (lazyFromIslands.has(id)) return "island-lazy";
    // Rollup's and Vite's virtual helpers (`\0commonjsHelpers.js`, `\0vite/preload-helper.js`) go with the
    // libraries that use them: in `shell` they made the two chunks import each other (a cycle).
    return id.includes("/node_modules/") || id.startsWith("\0") ? "framework" : "shell";
  };
}
