/**
 * The islands the client build emits, each an entry of its own (vite.config.ts), and the one runtime that
 * every page with islands loads. Imported by vite.config.ts, so no "~/" import here. Add a line to convert
 * a page (see the comment at the top of ./island.tsx).
 */
export const ISLAND_SOURCES = {
  "header-check": "app/islands/header-check.island.tsx",
  "header-search": "app/islands/header-search.island.tsx",
  "search-page": "app/islands/search-page.island.tsx",
  "security-header-form": "app/islands/security-header-form.island.tsx",
  "iva-exp-check": "app/islands/iva-exp-check.island.tsx",
  "renewal-planner": "app/islands/renewal-planner.island.tsx",
  "first-steps-guide": "app/islands/first-steps-guide.island.tsx",
  "systems-table": "app/islands/systems-table.island.tsx",
} as const;

export type IslandName = keyof typeof ISLAND_SOURCES;

/** The browser's island runtime, which the loader of a page with islands imports (./island-head.ts). */
export const ISLAND_RUNTIME_SOURCE = "app/islands/islands.client.tsx";

/**
 * Test-only: the islands' rendering fault (./island-fault.tsx), an entry of its own so that the runtime
 * imports it by the address the server writes only when fault injection is on (no trace of it in the
 * runtime's own code or preloads otherwise).
 */
export const ISLAND_FAULT_SOURCE = "app/islands/island-fault.tsx";

/** The head's JSON block that tells the runtime where each island's module is, and how to report errors. */
export const ISLAND_MANIFEST_ID = "areaoe-islands";

export function isIslandName(value: string): value is IslandName {
  return Object.hasOwn(ISLAND_SOURCES, value);
}
