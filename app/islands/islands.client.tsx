/**
 * The browser's island runtime, imported by the page's island loader once the page has loaded and the
 * browser is idle (./island-head.ts writes the loader, with the page's nonce). It imports React and ReactDOM (the `react` chunk every island shares)
 * and nothing of React Router. For each container the server wrote (app/islands/island.tsx), it imports
 * the island's module (its address is in the head's JSON; the loader preloads it), then hydrates the
 * container with `hydrateRoot`, the same frame and the props from the page. A module that does not
 * arrive: the SPEC's error screen with Retry in the island's place (the server HTML stays underneath
 * until then, so the form still posts without script); Retry imports the module again under a fresh
 * query (a browser may keep a failed module for the document's life) and renders the widget.
 */
import { Fragment, StrictMode, startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { setNonce } from "get-nonce";
import { configureErrorReporting, installGlobalErrorHandlers, reportError } from "~/features/errors/error-reporting";
import type { ErrorReportingConfig } from "~/features/errors/error-reporter";
import { ErrorScreen } from "~/features/errors/error-screen";
import { chunkLoadErrorFrom } from "~/lib/chunk-load-error";
import { markFirstHydration, startFirstHydration } from "~/components/ui/hydration/first-hydration";
import { setDefaultTextSource, TextsContext } from "~/i18n/texts-context";
import type { Bundle } from "~/i18n/small-t";
import { fixedTexts } from "./fixed-texts";
import { IslandFrame } from "./island-frame";
import type { IslandFault } from "./island-fault";
import { islandIdPrefix, type IslandData } from "./island";
import { ISLAND_MANIFEST_ID, isIslandName, type IslandName } from "./island-names";

/** The head's JSON (./island-head.ts). */
export interface IslandManifest {
  modules: Partial<Record<IslandName, string>>;
  /**
   * What the head's loader preloads once the page is idle, the runtime first (which it then imports): each
   * island's module and what they import.
   */
  preload: string[];
  reporting?: ErrorReportingConfig;
  /**
   * Test-only: the address of the islands' fault module (./island-fault.tsx), written only with
   * AREAOE_ENABLE_FAULT_INJECTION=1 and `?__fault=render`.
   */
  faultInjection?: string;
}

interface IslandModule {
  default: ComponentType<object>;
}

installGlobalErrorHandlers();
const manifest = JSON.parse(document.getElementById(ISLAND_MANIFEST_ID)?.textContent ?? "{}") as Partial<IslandManifest>;
configureErrorReporting(manifest.reporting);
// Radix's scroll lock adds <style> elements: give them this page's CSP nonce.
const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

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

async function startIsland(container: HTMLElement): Promise<void> {
  const name = container.dataset.island ?? "";
  const dataElement = container.nextElementSibling;
  const url = isIslandName(name) ? manifest.modules?.[name] : undefined;
  if (!url || !(dataElement instanceof HTMLScriptElement) || dataElement.dataset.islandData !== name) {
    reportError(new Error(`Island ${name} has no module or no data in this page`));
    return;
  }
  const data = JSON.parse(dataElement.textContent ?? "{}") as IslandData;
  // The server writes each namespace once per page (./island-head.ts): every island reads them all.
  const texts = pageTexts;
  const props = (data.props ?? {}) as object;
  const prefix = islandIdPrefix(name as IslandName);
  // The header's search stays whole under an injected fault, as the root's header did.
  const Wrap = (injectedFault && name !== "header-search" ? await injectedFault : undefined) ?? Fragment;
  const widget = (module: IslandModule) => (
    <StrictMode>
      <IslandFrame texts={texts} kept={data.kept}>
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
    const error = chunkLoadErrorFrom(cause, window.location.origin);
    reportError(error);
    // The error screen replaces the server HTML of this island only; Retry loads the module again.
    const root: Root = createRoot(container, { identifierPrefix: prefix });
    const showError = () =>
      root.render(
        <TextsContext value={texts}>
          <ErrorScreen
            onRetry={() => {
              importIsland(url, true).then(
                (loaded) => root.render(widget(loaded)),
                (again: unknown) => {
                  reportError(chunkLoadErrorFrom(again, window.location.origin));
                  showError();
                },
              );
            }}
          />
        </TextsContext>,
      );
    showError();
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

const containers = [...document.querySelectorAll<HTMLElement>("[data-island]")];
// The texts of all the page's islands (each namespace is written once per page), for every island and for
// code outside a component (the search's result titles: pageText).
const allTexts: Record<string, Bundle> = {};
let pageLanguage = document.documentElement.lang;
for (const element of document.querySelectorAll<HTMLScriptElement>("script[data-island-data]")) {
  const data = JSON.parse(element.textContent ?? "{}") as Partial<IslandData>;
  Object.assign(allTexts, data.texts);
  if (data.lang) pageLanguage = data.lang;
}
const pageTexts = fixedTexts(pageLanguage, allTexts);
setDefaultTextSource(pageTexts);
// Code loaded once the page is idle (the notifications region) waits for the islands' first hydration.
startFirstHydration();
void Promise.allSettled(containers.map(startIsland)).then(() => {
  // Lets tests (and scripts) know the page is interactive, as on the pages React Router hydrates.
  document.documentElement.dataset.hydrated = "true";
  markFirstHydration();
});
