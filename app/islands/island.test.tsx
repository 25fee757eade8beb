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
import { createIslandRenderer, Island, IslandRendererContext } from "./island";
import { IslandFrame } from "./island-frame";
import { dedupeIslandTexts, islandHeadElements, islandsIn, shipsIslands, type IslandAssets } from "./island-head";
import { ISLAND_MANIFEST_ID, islandJson, type IslandData, type IslandManifest } from "./island-data";
import { ISLAND_NAMES, islandNameOf } from "./island-modules";
import { IslandFault } from "./island-fault";
import { configureErrorReporting } from "~/features/errors/error-reporting";
import { RENDER_FAULT_MESSAGE, asksForRenderFault } from "~/features/errors/fault-query";

/** A page with islands as the server entry renders it: one renderer (and so one prefix counter) per page. */
function serverPage(element: React.ReactElement, lang = "en"): string {
  return renderToString(
    <TextsContext value={createRenderTexts(lang)}>
      <IslandRendererContext value={createIslandRenderer(renderToString)}>
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
    const html = serverPage(<Island component={HeaderCheckForm} props={{ tooLarge: true, data: null, sandboxFormHref: "/areaOE/form" }} />, "pt");
    document.body.innerHTML = html;
    const container = document.querySelector<HTMLElement>('[data-island="header-check"]')!;
    expect(container.querySelector("form[method=post]")).not.toBeNull();
    const data = islandData(container);
    expect(data.lang).toBe("pt");
    expect(Object.keys(data.texts).sort()).toEqual(["errors", "security-header", "ui"]);
    expect(data.props).toEqual({ tooLarge: true, data: null, sandboxFormHref: "/areaOE/form" });
    // The too-large message is in the server HTML (the widget rendered with its props, in Portuguese).
    expect(container.textContent).toContain(String((data.texts["security-header"] as { check: { formTitle: string } }).check.formTitle));
    // Ids come from the island's own root, with its prefix, which the container names for the browser.
    expect(container.querySelector("textarea")?.id).toBe("header-check-envelope");
    expect(container.dataset.islandPrefix).toBe("header-check-");
    expect(container.dataset.islandWhen).toBe("idle");
  });

  it("knows each widget by its island's file: the names are the files' and a widget without one is refused", () => {
    expect(ISLAND_NAMES).toEqual(expect.arrayContaining(["header-check", "header-search", "search-page", "security-header-form", "systems-table"]));
    expect(islandNameOf(HeaderCheckForm)).toBe("header-check");
    function NotAnIsland() {
      return null;
    }
    expect(() => serverPage(<Island component={NotAnIsland} props={{}} />)).toThrow(/NotAnIsland is not an island: give it a module app\/islands\/<name>\.island\.tsx/);
  });

  it("renders only on a page marked `islands: true` (the server entry gives the renderer only there)", () => {
    const page = () =>
      renderToString(
        <TextsContext value={createRenderTexts("en")}>
          <Island component={HeaderSearch} props={{}} />
        </TextsContext>,
      );
    expect(page).toThrow(/The island header-search is on a page that is not marked `islands: true`/);
  });

  it("gives two islands of the same name on one page identifier prefixes of their own, and says when each hydrates", () => {
    document.body.innerHTML = serverPage(
      <>
        <Island component={HeaderSearch} props={{}} />
        <Island component={HeaderSearch} props={{}} when="visible" />
      </>,
    );
    const containers = [...document.querySelectorAll<HTMLElement>('[data-island="header-search"]')];
    expect(containers.map((container) => container.dataset.islandPrefix)).toEqual(["header-search-", "header-search-2-"]);
    expect(containers.map((container) => container.dataset.islandWhen)).toEqual(["idle", "visible"]);
    const ids = containers.map((container) => [...container.querySelectorAll("[id]")].map((element) => element.id));
    expect(ids[0]?.length).toBeGreaterThan(0);
    for (const id of ids[0] ?? []) expect(ids[1]).not.toContain(id);
  });

  it("hydrates in the browser from its JSON alone, without a mismatch (ids, texts, links)", async () => {
    for (const lang of ["pt", "en"]) {
      document.body.innerHTML = serverPage(<Island component={HeaderSearch} props={{}} />, lang);
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
          { identifierPrefix: container.dataset.islandPrefix, onRecoverableError: recoverable },
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(before);
      errors.mockRestore();
    }
  });
});

describe("the islands' texts on a page", () => {
  it("are written once per namespace: a later island keeps only the namespaces no earlier one holds", () => {
    const page = serverPage(
      <>
        <Island component={HeaderSearch} props={{}} namespaces={["pages"]} />
        <Island component={HeaderCheckForm} props={{ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" }} namespaces={["pages"]} />
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
    const searchOnly = serverPage(<Island component={HeaderSearch} props={{}} />, "pt");
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
    document.body.innerHTML = serverPage(<Island component={HeaderCheckForm} props={{ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" }} />, "pt");
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
        { identifierPrefix: container.dataset.islandPrefix, onRecoverableError: recoverable },
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

  it("is asked for by the address only with __fault=render", () => {
    expect(RENDER_FAULT_MESSAGE).toBe("Injected rendering fault");
    expect(asksForRenderFault("?lang=pt&__fault=render")).toBe(true);
    expect(asksForRenderFault("?__fault=ssr")).toBe(false);
    expect(asksForRenderFault("")).toBe(false);
  });
});

describe("island head elements", () => {
  const assets: IslandAssets = {
    chunks: (source) =>
      source.endsWith("islands.client.tsx")
        ? ["/areaOE/assets/islands/islands.client-a.js", "/areaOE/assets/islands/react-b.js"]
        : source.endsWith("header-check.island.tsx")
          ? ["/areaOE/assets/islands/header-check.island-c.js", "/areaOE/assets/islands/react-b.js", "/areaOE/assets/islands/form-d.js"]
          : [],
    loader: 'startIslands(document,window,e=>import(e));if("</script>")0;',
  };

  it("finds the islands of a page, and ships the loader only with an island besides the header's search", () => {
    const html = '<div data-island="header-search" class="island"></div><p>data-island="nope"</p><div data-island="header-check" class="island"></div>';
    expect(islandsIn(html)).toEqual(["header-search", "header-check"]);
    expect(shipsIslands(["header-search"])).toBe(false);
    expect(islandHeadElements(["header-search"], { assets, nonce: "n1" })).toBe("");
    expect(shipsIslands(["header-search", "header-check"])).toBe(true);
  });

  it("writes the manifest (the runtime, each island's files besides) and the built loader inline with the nonce, and requests nothing", () => {
    const head = islandHeadElements(["header-check"], { assets, nonce: "n1" });
    document.head.innerHTML = head;
    const scripts = document.head.querySelectorAll("script[type=module]");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.hasAttribute("src")).toBe(false);
    expect(scripts[0]?.getAttribute("nonce")).toBe("n1");
    // The loader as built, which cannot close its element early.
    expect(head).toContain('<script type="module" nonce="n1">startIslands(document,window,e=>import(e));if("<\\/script>")0;</script>');
    // Nothing of the islands is requested by the HTML itself.
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
    const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "") as IslandManifest;
    expect(manifest.runtime).toEqual(["/areaOE/assets/islands/islands.client-a.js", "/areaOE/assets/islands/react-b.js"]);
    expect(manifest.islands).toEqual({
      "header-check": { module: "/areaOE/assets/islands/header-check.island-c.js", preload: ["/areaOE/assets/islands/header-check.island-c.js", "/areaOE/assets/islands/form-d.js"] },
    });
    // No fault injection unless the test-only setting is on.
    expect(manifest).not.toHaveProperty("faultInjection");
  });

  it("without the islands' build (development) names the source files, which Vite serves, and loads the loader's source", () => {
    const head = islandHeadElements(["header-check"], { assets: undefined, nonce: "n1" });
    expect(head).toContain('<script type="module" nonce="n1" src="/areaOE/app/islands/island-loader.client.ts"></script>');
    document.head.innerHTML = head;
    const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "") as IslandManifest;
    expect(manifest.runtime).toEqual(["/areaOE/app/islands/islands.client.tsx"]);
    expect(manifest.islands["header-check"]?.module).toBe("/areaOE/app/islands/header-check.island.tsx");
  });

  it("tells the runtime it may inject a fault only when the test-only setting is on", () => {
    const manifestOf = (faultInjection: boolean) => {
      document.head.innerHTML = islandHeadElements(["header-check"], { assets: undefined, nonce: "n1", faultInjection });
      return JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "") as Record<string, unknown>;
    };
    expect(manifestOf(false)).not.toHaveProperty("faultInjection");
    // Its module's address (in development the source file, which Vite serves).
    expect(manifestOf(true)).toMatchObject({ faultInjection: "/areaOE/app/islands/island-fault.tsx" });
  });

  it("keeps its JSON inside the script element whatever the props hold", () => {
    const json = islandJson({ text: "</script><script>alert(1)</script><!--\u2028" });
    expect(json).not.toContain("<");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--\u2028" });
  });
});
