import type { ErrorReportingConfig } from "~/features/errors/error-reporter";
import type { Bundle } from "~/i18n/small-t";

/**
 * What the server writes into a page with islands and the browser's loader and runtime read: the one
 * contract between the server wrapper (./island.tsx, ./island-head.ts) and the browser (./island-loader.ts,
 * ./islands.client.tsx). Nothing here imports an island, so the runtime's chunk stays small.
 */

/** When an island hydrates: once the page has painted, loaded and is idle, or once it is scrolled near the viewport. */
export const ISLAND_STRATEGIES = ["idle", "visible"] as const;
export type IslandStrategy = (typeof ISLAND_STRATEGIES)[number];

/** The container's attributes: its island's name, the identifier prefix of its root, its strategy. */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PREFIX_ATTRIBUTE = "data-island-prefix";
export const ISLAND_STRATEGY_ATTRIBUTE = "data-island-when";
/** Set on a container once its island has hydrated (or shows its error screen). */
export const ISLAND_HYDRATED_ATTRIBUTE = "data-island-hydrated";

/** The head's JSON block: where each island's module is, what to preload, how to report errors. */
export const ISLAND_MANIFEST_ID = "areaoe-islands";

/** What the server writes after each island's container, and the runtime reads. */
export interface IslandData {
  lang: string;
  /** The namespaces the island's render used (and `errors`, for the error screen), in `lang`, each once per page. */
  texts: Record<string, Bundle>;
  props: unknown;
  /** The language chosen by the page's address, which the island's links keep (kept-language.ts). */
  kept?: string;
}

/** The head's JSON (./island-head.ts). */
export interface IslandManifest {
  /** The runtime's module first (the loader imports it), then what it imports (React's chunk). */
  runtime: string[];
  /** Each island on the page: its module, and the files it needs beyond the runtime's, its module first. */
  islands: Record<string, { module: string; preload: string[] }>;
  reporting?: ErrorReportingConfig;
  /**
   * Test-only: the address of the islands' fault module (./island-fault.tsx), written only with
   * AREAOE_ENABLE_FAULT_INJECTION=1 and `?__fault=render`.
   */
  faultInjection?: string;
}

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
