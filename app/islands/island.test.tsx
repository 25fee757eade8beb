// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRenderTexts } from "~/i18n/server-texts";
import { TextsContext } from "~/i18n/texts-context";
import { HeaderCheckForm } from "~/features/security-header/header-check-form";
import { HeaderSearch } from "~/features/search/header-search";
import { fixedTexts } from "./fixed-texts";
import { Island, IslandRendererContext, islandIdPrefix, islandJson, type IslandData, type IslandRenderer } from "./island";
import { IslandFrame } from "./island-frame";
import { dedupeIslandTexts, islandHeadElements, islandLoaderSource, islandsIn, shipsIslands } from "./island-head";
import type { IslandManifest } from "./islands.client";
import { IslandFault } from "./island-fault";
import { configureErrorReporting } from "~/features/errors/error-reporting";
import { FAULT_QUERY, RENDER_FAULT_MESSAGE, asksForRenderFault } from "~/features/errors/fault-query";
import * as rootFault from "~/features/errors/fault-injection";
import { ISLAND_MANIFEST_ID } from "./island-names";

const renderIsland: IslandRenderer = (element, identifierPrefix) => renderToString(element, { identifierPrefix });

function serverPage(element: React.ReactElement, lang = "en"): string {
  return renderToString(
    <TextsContext value={createRenderTexts(lang)}>
      <IslandRendererContext value={renderIsland}>
        <main>{element}</main>
      </IslandRendererContext>
    </TextsContext>,
  );
}

function islandData(container: HTMLElement): IslandData {
  const script = container.nextElementSibling as HTMLScriptElement;
  expect(script.dataset.islandData).toBe(container.dataset.island);
  return JSON.parse(script.textContent ?? "") as IslandData;
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("Island (server wrapper)", () => {
  it("writes the container, then the language, the texts its render used and the props as JSON", () => {
    const html = serverPage(<Island name="header-check" component={HeaderCheckForm} props={{ tooLarge: true, data: null, sandboxFormHref: "/areaOE/form" }} />, "pt");
    document.body.innerHTML = html;
    const container = document.querySelector<HTMLElement>('[data-island="header-check"]')!;
    expect(container.querySelector("form[method=post]")).not.toBeNull();
    const data = islandData(container);
    expect(data.lang).toBe("pt");
    expect(Object.keys(data.texts).sort()).toEqual(["errors", "security-header", "ui"]);
    expect(data.props).toEqual({ tooLarge: true, data: null, sandboxFormHref: "/areaOE/form" });
    // The too-large message is in the server HTML (the widget rendered with its props, in Portuguese).
    expect(container.textContent).toContain(String((data.texts["security-header"] as { check: { formTitle: string } }).check.formTitle));
    // Ids come from the island's own root, with its prefix.
    expect(container.querySelector("textarea")?.id).toBe("header-check-envelope");
    expect(container.innerHTML).toContain(islandIdPrefix("header-check"));
  });

  it("hydrates in the browser from its JSON alone, without a mismatch (ids, texts, links)", async () => {
    for (const lang of ["pt", "en"]) {
      document.body.innerHTML = serverPage(<Island name="header-search" component={HeaderSearch} props={{}} />, lang);
      const container = document.querySelector<HTMLElement>('[data-island="header-search"]')!;
      const before = container.innerHTML;
      const data = islandData(container);
      const errors = vi.spyOn(console, "error");
      const recoverable = vi.fn();
      await act(async () => {
        hydrateRoot(
          container,
          <IslandFrame texts={fixedTexts(data.lang, data.texts)}>
            <HeaderSearch />
          </IslandFrame>,
          { identifierPrefix: islandIdPrefix("header-search"), onRecoverableError: recoverable },
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(before);
      errors.mockRestore();
    }
  });

  it("keeps its JSON inside the script element whatever the props hold", () => {
    const json = islandJson({ text: "</script><script>alert(1)</script><!--\u2028" });
    expect(json).not.toContain("<");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--\u2028" });
  });
});

describe("the islands' texts on a page", () => {
  it("are written once per namespace: a later island keeps only the namespaces no earlier one holds", () => {
    const page = serverPage(
      <>
        <Island name="header-search" component={HeaderSearch} props={{}} namespaces={["pages"]} />
        <Island name="header-check" component={HeaderCheckForm} props={{ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" }} namespaces={["pages"]} />
      </>,
      "pt",
    );
    document.body.innerHTML = page;
    const before = [...document.querySelectorAll<HTMLElement>("[data-island]")].map((container) => islandData(container));
    expect(Object.keys(before[1]?.texts ?? {})).toEqual(expect.arrayContaining(["errors", "pages"]));
    document.body.innerHTML = dedupeIslandTexts(page);
    const [search, check] = [...document.querySelectorAll<HTMLElement>("[data-island]")].map((container) => islandData(container));
    expect(Object.keys(search?.texts ?? {}).sort()).toEqual(Object.keys(before[0]?.texts ?? {}).sort());
    // The checker's own namespaces stay; `errors` and `pages` are the search's already.
    expect(Object.keys(check?.texts ?? {}).sort()).toEqual(["security-header", "ui"]);
    expect(check?.props).toEqual({ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" });
    // Together they hold every namespace each island had, with the same texts.
    const merged = { ...search?.texts, ...check?.texts };
    for (const data of before) for (const [namespace, bundle] of Object.entries(data.texts)) expect(merged[namespace]).toEqual(bundle);
    // A page whose only island is the header's search ships no script, and so no JSON.
    const searchOnly = serverPage(<Island name="header-search" component={HeaderSearch} props={{}} />, "pt");
    expect(searchOnly).toContain("data-island-data");
    expect(dedupeIslandTexts(searchOnly)).not.toContain("data-island-data");
    expect(dedupeIslandTexts(searchOnly)).toContain('data-island="header-search"');
    // Still safe inside <script>.
    expect(dedupeIslandTexts(page)).not.toMatch(/<script type="application\/json" data-island-data="[^"]+">[^<]*<(?!\/script>)/);
  });
});

describe("the islands' test-only fault injection", () => {
  it("hydrates as the server rendered, then fails inside the island: the error screen, Retry, one report", async () => {
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((_url, init) => {
      sent.push(String(init?.body));
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    configureErrorReporting({ enabled: true, url: "/areaOE/api/client-errors", method: "POST" });
    document.body.innerHTML = serverPage(<Island name="header-check" component={HeaderCheckForm} props={{ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" }} />, "pt");
    const container = document.querySelector<HTMLElement>('[data-island="header-check"]')!;
    const data = islandData(container);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(
        container,
        <IslandFrame texts={fixedTexts(data.lang, data.texts)}>
          <IslandFault>
            <HeaderCheckForm tooLarge={false} data={null} sandboxFormHref="/areaOE/form" />
          </IslandFault>
        </IslandFrame>,
        { identifierPrefix: islandIdPrefix("header-check"), onRecoverableError: recoverable },
      );
    });
    // No hydration mismatch: the fault comes in the render after the hydration pass.
    expect(recoverable).not.toHaveBeenCalled();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("Ocorreu um erro.");
    expect(container.querySelector("form")).toBeNull();
    const retry = [...container.querySelectorAll("button")].find((button) => button.textContent === "Tentar novamente");
    expect(retry).toBeDefined();
    await act(async () => retry?.click());
    // The fault is permanent: the screen again, and the same digest is not sent again.
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? "{}")).toMatchObject({ message: "Error: Injected rendering fault", digest: expect.stringMatching(/^[0-9a-f]{8}$/) });
    errors.mockRestore();
  });

  it("is asked for by the address only with __fault=render, the root's query", () => {
    expect(FAULT_QUERY).toBe(rootFault.FAULT_QUERY);
    expect(RENDER_FAULT_MESSAGE).toBe("Injected rendering fault");
    expect(asksForRenderFault("?lang=pt&__fault=render")).toBe(true);
    expect(asksForRenderFault("?__fault=ssr")).toBe(false);
    expect(asksForRenderFault("")).toBe(false);
  });
});

describe("island head elements", () => {
  const chunks = (source: string) =>
    source.endsWith("islands.client.tsx") ? ["/areaOE/assets/islands.client-a.js", "/areaOE/assets/react-b.js"] : source.endsWith("header-check.island.tsx") ? ["/areaOE/assets/header-check.island-c.js", "/areaOE/assets/react-b.js"] : [];

  it("finds the islands of a page, and ships the runtime only with an island besides the header's search", () => {
    const html = '<div data-island="header-search" class="island"></div><p>data-island="nope"</p><div data-island="header-check" class="island"></div>';
    expect(islandsIn(html)).toEqual(["header-search", "header-check"]);
    expect(shipsIslands(["header-search"])).toBe(false);
    expect(islandHeadElements(["header-search"], { chunks, nonce: "n1" })).toBe("");
    expect(shipsIslands(["header-search", "header-check"])).toBe(true);
  });

  it("writes the manifest (what to preload, the runtime first) and one inline module script with the nonce, and requests nothing", () => {
    const head = islandHeadElements(["header-check"], { chunks, nonce: "n1" });
    document.head.innerHTML = head;
    const scripts = document.head.querySelectorAll("script[type=module]");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.hasAttribute("src")).toBe(false);
    expect(scripts[0]?.getAttribute("nonce")).toBe("n1");
    expect(scripts[0]?.textContent).toBe(islandLoaderSource());
    // Nothing of the islands is requested by the HTML itself.
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
    const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "") as IslandManifest;
    expect(manifest.preload).toEqual(["/areaOE/assets/islands.client-a.js", "/areaOE/assets/react-b.js", "/areaOE/assets/header-check.island-c.js"]);
    expect(manifest.modules).toEqual({ "header-check": "/areaOE/assets/header-check.island-c.js" });
    // No fault injection unless the test-only setting is on.
    expect(manifest).not.toHaveProperty("faultInjection");
  });

  describe("the loader", () => {
    /** Runs the loader's source with `import()` recorded instead of done (jsdom loads no module). */
    function runLoader(): string[] {
      const imported: string[] = [];
      const source = islandLoaderSource();
      expect(source.match(/import\(/g)).toHaveLength(1);
      new Function("importModule", source.replace("import(", "importModule("))((url: string) => imported.push(url));
      return imported;
    }
    const preloads = () => [...document.head.querySelectorAll("link[rel=modulepreload]")].map((link) => link.getAttribute("href"));
    const readyState = (state: DocumentReadyState) => vi.spyOn(document, "readyState", "get").mockReturnValue(state);

    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it("waits for the page's load event, then for an idle moment (at most 1 s), then preloads every module and imports the runtime", () => {
      document.head.innerHTML = islandHeadElements(["header-check"], { chunks, nonce: "n1" });
      readyState("interactive");
      const idle: { callback: () => void; timeout: number | undefined }[] = [];
      vi.stubGlobal("requestIdleCallback", (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout }));
      const imported = runLoader();
      expect(idle).toHaveLength(0);
      expect(preloads()).toEqual([]);
      window.dispatchEvent(new Event("load"));
      expect(idle).toHaveLength(1);
      expect(idle[0]?.timeout).toBe(1000);
      expect(imported).toEqual([]);
      expect(preloads()).toEqual([]);
      idle[0]?.callback();
      expect(preloads()).toEqual(["/areaOE/assets/islands.client-a.js", "/areaOE/assets/react-b.js", "/areaOE/assets/header-check.island-c.js"]);
      expect(imported).toEqual(["/areaOE/assets/islands.client-a.js"]);
    });

    it("waits for the page's first paint where the browser reports paints", () => {
      document.head.innerHTML = islandHeadElements(["header-check"], { chunks, nonce: "n1" });
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
      const imported = runLoader();
      expect(observers.map(({ options }) => options)).toEqual([{ type: "paint", buffered: true }]);
      expect(idle).toHaveLength(0);
      observers[0]?.callback();
      expect(observers[0]?.disconnected).toBe(true);
      expect(idle).toHaveLength(1);
      idle[0]?.();
      expect(imported).toEqual(["/areaOE/assets/islands.client-a.js"]);
    });

    it("starts at once on a page already loaded, and falls back to a timer where there is no requestIdleCallback", () => {
      vi.useFakeTimers();
      document.head.innerHTML = islandHeadElements(["header-check"], { chunks, nonce: "n1" });
      readyState("complete");
      vi.stubGlobal("requestIdleCallback", undefined);
      const imported = runLoader();
      expect(imported).toEqual([]);
      vi.runAllTimers();
      expect(imported).toEqual(["/areaOE/assets/islands.client-a.js"]);
      expect(preloads()).toHaveLength(3);
    });
  });

  it("tells the runtime it may inject a fault only when the test-only setting is on", () => {
    const manifestOf = (faultInjection: boolean) => {
      document.head.innerHTML = islandHeadElements(["header-check"], { chunks, nonce: "n1", faultInjection });
      return JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "") as Record<string, unknown>;
    };
    expect(manifestOf(false)).not.toHaveProperty("faultInjection");
    // Its module's address (in development the source file, which Vite serves).
    expect(manifestOf(true)).toMatchObject({ faultInjection: "/areaOE/app/islands/island-fault.tsx" });
  });
});
