import { ChunkLoadError } from "~/lib/chunk-load-error";
import { claimReload, takeResumeTarget } from "./chunk-recovery";

// React Router (framework mode) imports a page's route module on the first navigation to it, and on
// failure reloads the page every time, with no guard and without ever reaching an error boundary. Its
// loader first asks `id in window.__reactRouterRouteModules` and, when true, returns that entry
// (a promise is awaited). Wrapping that object lets this module do the import instead: one guarded
// reload, then a ChunkLoadError that the root ErrorBoundary shows with Retry.
//
// The one place that touches React Router's private globals: React Router 8 has no public hook for a failed
// route module (instrumentations, onError and ErrorBoundary never see it; vite:preloadError does not
// fire for its plain import()). route-module-loader.test.ts fails when React Router changes them.

interface RouterGlobals {
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> };
  __reactRouterDataRouter?: {
    basename?: string;
    state: { navigation: { location?: { pathname: string; search: string; hash: string } } };
    navigate(to: string): Promise<void>;
  };
}

function navigationTarget(globals: RouterGlobals): string | undefined {
  const location = globals.__reactRouterDataRouter?.state.navigation.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : undefined;
}

/** Must run before hydration, which reads the route modules object once. */
export function installRouteModuleLoader(win: Window & RouterGlobals = window): void {
  const modules = win.__reactRouterRouteModules;
  const manifest = win.__reactRouterManifest;
  if (!modules || !manifest) {
    // Loud on purpose (the end-to-end tests fail on console errors): chunk recovery would be off.
    console.error("areaOE chunk recovery is off: React Router's route module globals are missing");
    return;
  }

  async function load(id: string, moduleUrl: string): Promise<unknown> {
    try {
      const module: unknown = await import(/* @vite-ignore */ moduleUrl);
      modules![id] = module;
      return module;
    } catch (cause) {
      if (claimReload(win.sessionStorage, Date.now(), navigationTarget(win))) {
        win.location.reload();
        return new Promise(() => undefined);
      }
      // React Router swallows a rejected route module (the page would just be blank), so the failure
      // becomes a module whose every export throws it: the client loader and action (React Router
      // asks the module for the ones the manifest declares, and a navigation without them never
      // settles) and the page, so that the root boundary shows it, with Retry. The module is not
      // cached, so a later navigation imports the file again.
      const failure = new ChunkLoadError(moduleUrl, { cause });
      const fail = (): never => {
        throw failure;
      };
      return {
        clientLoader: fail,
        clientAction: fail,
        default: function PageCodeUnavailable(): never {
          throw failure;
        },
      };
    }
  }

  let requested: string | undefined;
  win.__reactRouterRouteModules = new Proxy(modules, {
    has(target, id) {
      if (Reflect.has(target, id)) return true;
      if (typeof id !== "string" || !manifest.routes[id]) return false;
      requested = id;
      return true;
    },
    get(target, id, receiver) {
      if (Reflect.has(target, id) || id !== requested) return Reflect.get(target, id, receiver);
      requested = undefined;
      return load(id, manifest.routes[id]!.module);
    },
  });

  // A failed chunk of our own code (a dynamic import through Vite) gets the same single reload.
  win.addEventListener("vite:preloadError", () => {
    if (claimReload(win.sessionStorage, Date.now(), navigationTarget(win))) win.location.reload();
  });
}

/** After a chunk reload, goes on to the page the visitor was going to. */
export function resumeInterruptedNavigation(win: Window & RouterGlobals = window): void {
  const target = takeResumeTarget(win.sessionStorage, Date.now());
  const router = win.__reactRouterDataRouter;
  if (target && router) void router.navigate(withoutBasename(target, router.basename));
}

/** The router's state holds full paths; navigate() wants them without the basename (/areaOE). */
export function withoutBasename(path: string, basename = "/"): string {
  const base = basename.replace(/\/+$/, "");
  if (!base || !path.startsWith(base)) return path;
  const rest = path.slice(base.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest.startsWith("/") ? rest : path;
}

/**
 * Retry after a chunk failure (a route module or a content file). A browser may keep a failed module in
 * its module map for the rest of the document, and React Router keeps a rejected lazy-route promise, so
 * importing the same address again in this document is no retry: the file is asked for under a fresh
 * query, and once it arrives a document navigation to the same address shows the page (a new document
 * has a new module map; a page of text needs no chunk at all). If it still fails, nothing happens and
 * the error screen stays, ready for another Retry. When the browser did not name the chunk, the
 * document navigation is the retry.
 */
export async function retryChunkLoad(error: ChunkLoadError, win: Window = window): Promise<boolean> {
  if (error.moduleUrl !== undefined) {
    try {
      const separator = error.moduleUrl.includes("?") ? "&" : "?";
      await import(/* @vite-ignore */ `${error.moduleUrl}${separator}retry=${Date.now()}`);
    } catch {
      return false;
    }
  }
  win.location.assign(win.location.href);
  return true;
}
