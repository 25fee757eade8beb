import { lazy, Suspense, type ComponentType } from "react";

/**
 * Loads an interactive content component only on pages that use it, instead of in one chunk shared
 * by every content page. The server waits for all content before it sends a page (onAllReady in
 * entry.server), so the HTML is complete with or without JavaScript; in the browser the component's
 * chunk loads while the rest of the page hydrates.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
