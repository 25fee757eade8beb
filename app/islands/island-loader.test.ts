// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ISLAND_ATTRIBUTE, ISLAND_MANIFEST_ID, ISLAND_STRATEGY_ATTRIBUTE, type IslandManifest } from "./island-data";
import { LOADER_NAMES, startIslands, VISIBLE_MARGIN, type IslandRuntime } from "./island-loader";

const MANIFEST: IslandManifest = {
  runtime: ["/areaOE/assets/islands/islands.client-a.js", "/areaOE/assets/islands/react-b.js"],
  islands: {
    "header-check": { module: "/areaOE/assets/islands/header-check.island-c.js", preload: ["/areaOE/assets/islands/header-check.island-c.js"] },
    "systems-table": { module: "/areaOE/assets/islands/systems-table.island-d.js", preload: ["/areaOE/assets/islands/systems-table.island-d.js", "/areaOE/assets/islands/data-table-e.js"] },
  },
};

/** A page with the head's manifest and the containers the server wrote. */
function page(...containers: [name: string, when: "idle" | "visible"][]) {
  document.head.innerHTML = `<script type="application/json" id="${ISLAND_MANIFEST_ID}">${JSON.stringify(MANIFEST)}</script>`;
  document.body.innerHTML = containers.map(([name, when]) => `<div data-island="${name}" data-island-when="${when}"></div>`).join("");
}

/** The loader with `import()` recorded and a runtime that records what it is asked to hydrate. */
function runLoader() {
  const imported: string[] = [];
  const hydrated: string[][] = [];
  const runtime: IslandRuntime = {
    hydrateIslands: (containers) => {
      hydrated.push(containers.map((container) => container.dataset.island ?? ""));
      return Promise.resolve();
    },
  };
  startIslands((url) => {
    imported.push(url);
    return Promise.resolve(runtime);
  });
  return { imported, hydrated };
}

const preloads = () => [...document.head.querySelectorAll("link[rel=modulepreload]")].map((link) => link.getAttribute("href"));
const readyState = (state: DocumentReadyState) => vi.spyOn(document, "readyState", "get").mockReturnValue(state);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("the islands' loader", () => {
  it("reads the names the server writes (it imports nothing at run time, so it keeps its own copy)", () => {
    expect(LOADER_NAMES).toEqual({ manifestId: ISLAND_MANIFEST_ID, island: ISLAND_ATTRIBUTE, strategy: ISLAND_STRATEGY_ATTRIBUTE });
  });

  it("idle: waits for the page's load event, then an idle moment (at most 1 s), then preloads the runtime and the island and imports the runtime", async () => {
    page(["header-check", "idle"]);
    readyState("interactive");
    const idle: { callback: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout }));
    const { imported, hydrated } = runLoader();
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event("load"));
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout).toBe(1000);
    expect(imported).toEqual([]);
    expect(preloads()).toEqual([]);
    idle[0]?.callback();
    expect(preloads()).toEqual([...MANIFEST.runtime, "/areaOE/assets/islands/header-check.island-c.js"]);
    expect(imported).toEqual(["/areaOE/assets/islands/islands.client-a.js"]);
    await settle();
    expect(hydrated).toEqual([["header-check"]]);
  });

  it("visible: loads a widget below the fold only once it comes near the viewport, the idle ones without it", async () => {
    page(["header-check", "idle"], ["systems-table", "visible"]);
    readyState("complete");
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => callback());
    const observed: { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined; targets: Element[] }[] = [];
    class FakeIntersectionObserver {
      readonly targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve(target: Element) {
        this.targets.splice(this.targets.indexOf(target), 1);
      }
    }
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { imported, hydrated } = runLoader();
    await settle();
    expect(hydrated).toEqual([["header-check"]]);
    expect(preloads()).not.toContain("/areaOE/assets/islands/systems-table.island-d.js");
    expect(observed).toHaveLength(1);
    expect(observed[0]?.options).toEqual({ rootMargin: VISIBLE_MARGIN });
    const table = document.querySelector('[data-island="systems-table"]')!;
    expect(observed[0]?.targets).toEqual([table]);
    observed[0]?.callback([{ isIntersecting: true, target: table } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    await settle();
    expect(hydrated).toEqual([["header-check"], ["systems-table"]]);
    expect(preloads()).toEqual([...MANIFEST.runtime, "/areaOE/assets/islands/header-check.island-c.js", ...(MANIFEST.islands["systems-table"]?.preload ?? [])]);
    // The runtime is imported once; the island is observed no more.
    expect(imported).toEqual(["/areaOE/assets/islands/islands.client-a.js"]);
    expect(observed[0]?.targets).toEqual([]);
  });

  it("waits for the page's first paint where the browser reports paints", () => {
    page(["header-check", "idle"]);
    readyState("complete");
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    const observers: { callback: () => void; options: unknown; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
      observe(options: unknown) {
        const entry = { callback: () => this.callback([], this), options, disconnected: false };
        observers.push(entry);
        this.disconnect = () => void (entry.disconnected = true);
      }
      disconnect = () => undefined;
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([]);
    const { imported } = runLoader();
    expect(observers.map(({ options }) => options)).toEqual([{ type: "paint", buffered: true }]);
    expect(idle).toHaveLength(0);
    observers[0]?.callback();
    expect(observers[0]?.disconnected).toBe(true);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(imported).toEqual(["/areaOE/assets/islands/islands.client-a.js"]);
  });

  it("starts at once on a page already loaded, falls back to a timer without requestIdleCallback, and to at once without IntersectionObserver", async () => {
    vi.useFakeTimers();
    page(["header-check", "idle"], ["systems-table", "visible"]);
    readyState("complete");
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.stubGlobal("IntersectionObserver", undefined);
    const { imported, hydrated } = runLoader();
    expect(imported).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(hydrated.flat().sort()).toEqual(["header-check", "systems-table"]);
  });

  it("does nothing on a page without the islands' manifest", () => {
    document.body.innerHTML = '<div data-island="header-search"></div>';
    readyState("complete");
    expect(runLoader().imported).toEqual([]);
  });
});
