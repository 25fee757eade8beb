/**
 * The browser's island runtime, imported by the page's loader (./island-loader.ts) when an island is due
 * (its strategy: idle, or scrolled near). It imports React and ReactDOM and nothing of React Router (the
 * islands' build has no router in it: vite.config.ts). For each container the loader hands it
 * (./island.tsx wrote them), it imports the island's module (its address is in the head's JSON; the loader
 * preloads it), then hydrates the container with `hydrateRoot`, the same frame and the props from the page,
 * under the identifier prefix the server used. A module that does not arrive raises the SPEC's preload
 * error (`vite:preloadError`, as Vite's own dynamic imports do), which the island's screen handles: the
 * SPEC's error screen with Retry in the island's place (the server HTML stays underneath until then, so
 * the form still posts without script); Retry imports the module again under a fresh query (a browser may
 * keep a failed module for the document's life) and renders the widget.
 */
import { Fragment, StrictMode, startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { setNonce } from "get-nonce";
import { configureErrorReporting, installGlobalErrorHandlers, reportError } from "~/features/errors/error-reporting";
import { ErrorScreen } from "~/features/errors/error-screen";
import { chunkLoadErrorFrom } from "~/lib/chunk-load-error";
import { setDefaultTextSource, TextsContext } from "~/i18n/texts-context";
import type { Bundle } from "~/i18n/small-t";
import { fixedTexts } from "./fixed-texts";
import { IslandFrame } from "./island-frame";
import type { IslandFault } from "./island-fault";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_HYDRATED_ATTRIBUTE,
  ISLAND_MANIFEST_ID,
  ISLAND_PREFIX_ATTRIBUTE,
  type IslandData,
  type IslandManifest,
} from "./island-data";

interface IslandModule {
  default: ComponentType<object>;
}

installGlobalErrorHandlers();
const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "{}") as Partial<IslandManifest>;
configureErrorReporting(manifest.reporting);
// Radix's scroll lock adds <style> elements: give them this page's CSP nonce.
const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

// The texts of all the page's islands (each namespace is written once per page: ./island-head.ts), for every
// island and for code outside a component (the search's result titles: pageText).
const allTexts: Record<string, Bundle> = {};
let pageLanguage = document.documentElement.lang;
for (const element of document.querySelectorAll<HTMLScriptElement>("script[data-island-data]")) {
  const data = JSON.parse(element.textContent ?? "{}") as Partial<IslandData>;
  Object.assign(allTexts, data.texts);
  if (data.lang) pageLanguage = data.lang;
}
const pageTexts = fixedTexts(pageLanguage, allTexts);
setDefaultTextSource(pageTexts);

let retries = 0;

// Test-only (./island-fault.tsx): a module of its own, imported by the address the server wrote only when
// the setting is on and the address asks for a rendering fault; never in production.
const injectedFault = manifest.faultInjection
  ? (import(/* @vite-ignore */ manifest.faultInjection) as Promise<{ IslandFault: typeof IslandFault }>).then((module) => module.IslandFault)
  : undefined;

async function importIsland(url: string, retry: boolean): Promise<IslandModule> {
  const address = retry ? `${url}${url.includes("?") ? "&" : "?"}retry=${++retries}` : url;
  return (await import(/* @vite-ignore */ address)) as IslandModule;
}

/**
 * The SPEC's "page chunk fails to load": a preload error is raised (`vite:preloadError` on the window,
 * cancelable, the error as its `payload`, as Vite's dynamic imports raise it) and, handled here by the
 * island's error screen, goes no further than the reporter.
 */
function raisePreloadError(error: Error): void {
  const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload: Error };
  event.payload = error;
  window.dispatchEvent(event);
  event.preventDefault();
  reportError(error);
}

/** The island's error screen in its place (the server HTML goes); Retry loads the module again. */
function showChunkFailure(container: HTMLElement, prefix: string, url: string, widget: (module: IslandModule) => ReactNode): void {
  const root: Root = createRoot(container, { identifierPrefix: prefix });
  const showError = () =>
    root.render(
      <TextsContext value={pageTexts}>
        <ErrorScreen
          onRetry={() => {
            importIsland(url, true).then(
              (loaded) => root.render(widget(loaded)),
              (again: unknown) => {
                raisePreloadError(chunkLoadErrorFrom(again, window.location.origin));
                showError();
              },
            );
          }}
        />
      </TextsContext>,
    );
  showError();
}

async function startIsland(container: HTMLElement): Promise<void> {
  const name = container.getAttribute(ISLAND_ATTRIBUTE) ?? "";
  const dataElement = container.nextElementSibling;
  const url = manifest.islands?.[name]?.module;
  if (!url || !(dataElement instanceof HTMLScriptElement) || dataElement.dataset.islandData !== name) {
    reportError(new Error(`Island ${name} has no module or no data in this page`));
    return;
  }
  const data = JSON.parse(dataElement.textContent ?? "{}") as IslandData;
  const props = (data.props ?? {}) as object;
  const prefix = container.getAttribute(ISLAND_PREFIX_ATTRIBUTE) ?? `${name}-`;
  // The header's search stays whole under an injected fault, as the root's header did.
  const Wrap = (injectedFault && name !== "header-search" ? await injectedFault : undefined) ?? Fragment;
  const widget = (module: IslandModule) => (
    <StrictMode>
      <IslandFrame texts={pageTexts} kept={data.kept}>
        <Wrap>
          <module.default {...props} />
        </Wrap>
      </IslandFrame>
    </StrictMode>
  );
  let module: IslandModule;
  try {
    module = await importIsland(url, false);
  } catch (cause) {
    raisePreloadError(chunkLoadErrorFrom(cause, window.location.origin));
    showChunkFailure(container, prefix, url, widget);
    return;
  }
  // React's own onRecoverableError stays: a hydration mismatch is a console error, which the e2e tests fail on.
  await new Promise<void>((hydrated) => {
    // In a transition, React hydrates in slices that yield to the browser (a default-priority hydration is
    // one task: the form's and first steps' islands made long tasks that Lighthouse counted as blocking
    // time); a visitor's input still hydrates what it touches first.
    startTransition(() => {
      // A wrapper, not a sibling: a second child would fork React's tree ids and `useId` would differ from the server's.
      hydrateRoot(container, <Mounted onMount={hydrated}>{widget(module)}</Mounted>, { identifierPrefix: prefix });
    });
  });
}

/** Renders its child; tells the runtime that its island's first render is committed. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => onMount(), [onMount]);
  return children;
}

let first = true;

/**
 * Hydrates the containers the loader hands in (those due by their strategy). Each gets
 * `data-island-hydrated` once hydrated (or showing its error screen); after the first batch the page gets
 * `data-hydrated` (tests and scripts wait for it).
 */
export async function hydrateIslands(containers: HTMLElement[]): Promise<void> {
  await Promise.allSettled(
    containers.map((container) => startIsland(container).finally(() => container.setAttribute(ISLAND_HYDRATED_ATTRIBUTE, "true"))),
  );
  if (!first) return;
  first = false;
  document.documentElement.dataset.hydrated = "true";
}
