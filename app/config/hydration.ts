/**
 * Which pages the browser hydrates. A page of text, tables and links is complete HTML from the server
 * and works without JavaScript (the language switcher and the side panel are links, search is a GET
 * form): it gets no React, no router context and no route modules, only its HTML and the inline
 * stylesheet. A route whose page has a widget that needs script says so in its module:
 *
 *     export const handle = { hydrate: true };
 *
 * The root renders `<Scripts/>` and `<ScrollRestoration/>` only when a matched route asks for it
 * (app/root.tsx), and the server adds the page's text and content preloads only then
 * (app/entry.server.tsx); both decide with this function, so they always agree.
 */
export interface HydrationHandle {
  hydrate?: boolean;
}

function asksForHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as HydrationHandle).hydrate === true;
}

/**
 * Whether a page hydrates: a matched route's handle asks for it, or the page shows the error screen of
 * an unexpected failure (its Retry button needs React). A 404's unavailable screen is links only.
 */
export function pageHydrates(handles: readonly unknown[], error?: unknown): boolean {
  if (error !== undefined && error !== null && !isNotFound(error)) return true;
  return handles.some(asksForHydration);
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 404;
}
