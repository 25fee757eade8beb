import { lazy, Suspense, type ComponentType } from "react";

// On the server, every lazy component starts loading when its module is imported, and the server entry
// waits for them all (lazyComponentsReady) before its first render.
const serverLoads: Promise<unknown>[] = [];

/**
 * Loads an interactive content component only on pages that use it, instead of in one chunk shared
 * by every content page. On the server the component is already loaded when the page renders, so the
 * HTML holds it in place: with React.lazy alone, the first render of each component suspended, and React
 * sent its HTML hidden, for a script to reveal, which a visitor without JavaScript never saw. In the
 * browser the component's chunk loads while the rest of the page hydrates (the tree has the same
 * Suspense boundary on both sides, so hydration waits for the chunk instead of mismatching).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(async () => ({ default: loaded ?? (await load()) }));
  if (import.meta.env.SSR) {
    serverLoads.push(
      load().then((component) => {
        loaded = component;
      }),
    );
  }
  function LazyComponent(props: P) {
    const Loaded = import.meta.env.SSR ? loaded : undefined;
    return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>;
  }
  return LazyComponent;
}

/** Resolves when every lazy content component has loaded on the server (the server entry awaits it). */
export function lazyComponentsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}
