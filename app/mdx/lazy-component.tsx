import { lazy, Suspense, type ComponentType } from "react";
import { afterFirstHydration } from "~/components/ui/hydration/first-hydration";

/**
 * Loads an interactive content component only on pages that use it, instead of in one chunk shared
 * by every content page. The server waits for all content before it sends a page (onAllReady in
 * entry.server), so the HTML is complete with or without JavaScript.
 *
 * In the browser, a component on the first page waits for that page's hydration to finish and the
 * browser to be idle before its chunk loads: React keeps the server's HTML of a boundary that suspends
 * while hydrating (no flash) and hydrates it when the chunk is there, so the widget's code (tables,
 * dialogs, popovers) stays off the page's first-load JavaScript. After that, components load at once.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    await afterFirstHydration();
    return { default: await load() };
  });
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
