import type { IslandManifest } from "./island-data";

/** What the runtime (./islands.client.tsx) gives the loader. */
export interface IslandRuntime {
  hydrateIslands(containers: HTMLElement[]): Promise<void>;
}

/** How far below the viewport a `visible` island starts loading (its code is there when it scrolls in). */
export const VISIBLE_MARGIN = "200px";

// The loader is inlined into the page on its own, so it imports nothing at run time (the islands' build
// fails when its chunk imports another: vite.config.ts): these are ./island-data.ts's names, which
// ./island-loader.test.ts holds equal.
const ISLAND_MANIFEST_ID = "areaoe-islands";
const ISLAND_ATTRIBUTE = "data-island";
const ISLAND_STRATEGY_ATTRIBUTE = "data-island-when";
export const LOADER_NAMES = { manifestId: ISLAND_MANIFEST_ID, island: ISLAND_ATTRIBUTE, strategy: ISLAND_STRATEGY_ATTRIBUTE };

/**
 * The islands' loader: the one script of a page with islands, built as a module of its own
 * (./island-loader.client.ts, an entry of the islands' build) and inlined into the page with its nonce
 * (./island-head.ts). It requests nothing before the page has painted (its first paint entry: a small page
 * with its stylesheet inline can fire `load` before its first frame is on screen; a browser without paint
 * timing skips this wait) and loaded: Lighthouse's simulated LCP counts every request that starts before
 * the observed LCP, and the islands' 80-93 KB started then (the tool pages scored 89-100 in performance).
 * Then each island hydrates by its strategy (`data-island-when`, Astro's `client:idle` and `client:visible`):
 * - `idle`: at the browser's next idle moment (`requestIdleCallback`, at most 1 s; `setTimeout` where there
 *   is none);
 * - `visible`: once the container comes within VISIBLE_MARGIN of the viewport (IntersectionObserver; at
 *   once where there is none), for a widget below the fold whose code the visitor may never need.
 * For each batch it adds a modulepreload of the runtime and of each island's files, imports the runtime and
 * hands it the containers. The page is complete without them (its forms post to the server).
 */
export function startIslands(importModule: (url: string) => Promise<unknown>): void {
  const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "null") as IslandManifest | null;
  if (!manifest) return;
  const preloaded = new Set<string>();
  let runtime: Promise<IslandRuntime> | undefined;
  const hydrate = (containers: Element[]) => {
    if (containers.length === 0) return;
    for (const url of [...manifest.runtime, ...containers.flatMap((container) => manifest.islands[container.getAttribute(ISLAND_ATTRIBUTE) ?? ""]?.preload ?? [])]) {
      if (preloaded.has(url)) continue;
      preloaded.add(url);
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: url }));
    }
    runtime ??= importModule(manifest.runtime[0] ?? "") as Promise<IslandRuntime>;
    void runtime.then((loaded) => loaded.hydrateIslands(containers as HTMLElement[]));
  };
  const start = () => {
    const idle: Element[] = [];
    const visible: Element[] = [];
    for (const container of document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
      if (manifest.islands[container.getAttribute(ISLAND_ATTRIBUTE) ?? ""]) (container.getAttribute(ISLAND_STRATEGY_ATTRIBUTE) === "visible" ? visible : idle).push(container);
    }
    const onIdle = () => hydrate(idle);
    if (typeof requestIdleCallback === "function") requestIdleCallback(onIdle, { timeout: 1000 });
    else setTimeout(onIdle, 1);
    // Without IntersectionObserver a `visible` island hydrates at once.
    const observer =
      window.IntersectionObserver &&
      new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            hydrate([entry.target]);
          }
        },
        { rootMargin: VISIBLE_MARGIN },
      );
    for (const container of visible) {
      if (observer) observer.observe(container);
      else hydrate([container]);
    }
  };
  const loaded = () => (document.readyState === "complete" ? start() : addEventListener("load", start, { once: true }));
  if (performance.getEntriesByType("paint").length > 0 || !window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return loaded();
  new PerformanceObserver((_list, paint) => {
    paint.disconnect();
    loaded();
  }).observe({ type: "paint", buffered: true });
}
