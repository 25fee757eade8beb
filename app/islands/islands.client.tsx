/**
 * The browser's island runtime: the one module script of a page with islands (app/render/island-scripts.ts
 * writes it, with the page's nonce). It imports React and ReactDOM (the `react` chunk every island shares)
 * and nothing of React Router. For each container the server wrote (app/islands/island.tsx), it imports
 * the island's module (its address is in the head's JSON; the server preloads it), then hydrates the
 * container with `hydrateRoot`, the same frame and the props from the page. A module that does not
 * arrive: the SPEC's error screen with Retry in the island's place (the server HTML stays underneath
 * until then, so the form still posts without script); Retry imports the module again under a fresh
 * query (a browser may keep a failed module for the document's life) and renders the widget.
 */
import { StrictMode, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { setNonce } from "get-nonce";
import { configureErrorReporting, installGlobalErrorHandlers, reportError } from "~/features/errors/error-reporting";
import type { ErrorReportingConfig } from "~/features/errors/error-reporter";
import { ErrorScreen } from "~/features/errors/error-screen";
import { chunkLoadErrorFrom } from "~/lib/chunk-load-error";
import { TextsContext } from "~/i18n/texts-context";
import { fixedTexts } from "./fixed-texts";
import { IslandFrame } from "./island-frame";
import { islandIdPrefix, type IslandData } from "./island";
import { ISLAND_MANIFEST_ID, isIslandName, type IslandName } from "./island-names";

/** The head's JSON (app/render/island-scripts.ts). */
export interface IslandManifest {
  modules: Partial<Record<IslandName, string>>;
  reporting?: ErrorReportingConfig;
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
  const texts = fixedTexts(data.lang, data.texts);
  const props = (data.props ?? {}) as object;
  const prefix = islandIdPrefix(name as IslandName);
  const widget = (module: IslandModule) => (
    <StrictMode>
      <IslandFrame texts={texts}>
        <module.default {...props} />
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
    // A wrapper, not a sibling: a second child would fork React's tree ids and `useId` would differ from the server's.
    hydrateRoot(container, <Mounted onMount={hydrated}>{widget(module)}</Mounted>, { identifierPrefix: prefix });
  });
}

/** Renders its child; tells the runtime that its island's first render is committed. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => onMount(), [onMount]);
  return children;
}

const containers = [...document.querySelectorAll<HTMLElement>("[data-island]")];
void Promise.allSettled(containers.map(startIsland)).then(() => {
  // Lets tests (and scripts) know the page is interactive, as on the pages React Router hydrates.
  document.documentElement.dataset.hydrated = "true";
});
