import { pageIdHasIslands } from "./site-map";

/**
 * Which pages run script in the browser. React Router renders every page on the server only
 * (docs/decisions/0020): a page of text, tables and links is complete HTML and works without JavaScript
 * (the language switcher and the side panel are links, search is a GET form), and ships none. A tool
 * page says `islands: true` in the page manifest (app/config/site-map.ts; route ids are page ids, so the
 * matched routes name it): each of its widgets is an island (app/islands/island.tsx) that the browser
 * hydrates alone with React, and the header's search becomes one too. The root (app/root.tsx) and the
 * server entry (app/entry.server.tsx) both decide with this function, so they always agree.
 */

/**
 * Whether a page's widgets are islands: a matched route is such a page and the render did not fail (the
 * error screen of an unexpected failure is server HTML whose Retry is a GET form).
 */
export function pageHasIslands(routeIds: readonly string[], error?: unknown): boolean {
  if (error !== undefined && error !== null) return false;
  return routeIds.some(pageIdHasIslands);
}
