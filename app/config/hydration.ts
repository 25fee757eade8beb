import { pageIdHasIslands, pageIdHydrates } from "./site-map";

/**
 * Which pages the browser hydrates. A page of text, tables and links is complete HTML from the server
 * and works without JavaScript (the language switcher and the side panel are links, search is a GET
 * form): it gets no React, no router context and no route modules, only its HTML and the inline
 * stylesheet. A page with a widget that needs script says `hydrates: true` in the page manifest
 * (app/config/site-map.ts); route ids are page ids, so the matched routes name it.
 *
 * A tool page whose widgets are islands (`islands: true`, app/islands/island.tsx) is rendered like a page
 * of text too: no React Router in the browser, only its islands' one module script.
 *
 * The root renders `<Scripts/>` and `<ScrollRestoration/>` only for such a page (app/root.tsx), and the
 * server adds the page's text and content preloads only then (app/entry.server.tsx); both decide with
 * this function, so they always agree.
 */

/**
 * Whether a page hydrates: a matched route is a page that hydrates, or the page shows the error screen
 * of an unexpected failure (its Retry button needs React). A 404's unavailable screen is links only.
 */
export function pageHydrates(routeIds: readonly string[], error?: unknown): boolean {
  if (error !== undefined && error !== null && !isNotFound(error)) return true;
  return routeIds.some(pageIdHydrates);
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * Whether a page's widgets are islands: a matched route is such a page and the render did not fail (the
 * error screen of an unexpected failure hydrates with React Router, for its Retry).
 */
export function pageHasIslands(routeIds: readonly string[], error?: unknown): boolean {
  if (error !== undefined && error !== null) return false;
  return routeIds.some(pageIdHasIslands);
}
