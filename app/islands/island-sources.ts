/**
 * The islands' build (vite.config.ts, the `islands` environment) and the server find these files by their
 * path from the project root. Imported by vite.config.ts through Node, so no "~/" import here.
 */

/** Each island is one file of this folder: `<name>.island.tsx`, whose default export is the widget. */
export const ISLANDS_FOLDER = "app/islands";
export const ISLAND_FILE = /^([a-z][a-z0-9-]*)\.island\.tsx$/;

/** An island's module, by its name (the file's name before `.island.tsx`). */
export const islandSource = (name: string): string => `${ISLANDS_FOLDER}/${name}.island.tsx`;

/** The browser's island runtime, which the loader imports (./islands.client.tsx). */
export const ISLAND_RUNTIME_SOURCE = `${ISLANDS_FOLDER}/islands.client.tsx`;

/** The loader, built as a module of its own and inlined into each page with islands (./island-loader.client.ts). */
export const ISLAND_LOADER_SOURCE = `${ISLANDS_FOLDER}/island-loader.client.ts`;

/**
 * Test-only: the islands' rendering fault (./island-fault.tsx), an entry of its own so that the runtime
 * imports it by the address the server writes only when fault injection is on (no trace of it in the
 * runtime's own code or preloads otherwise).
 */
export const ISLAND_FAULT_SOURCE = `${ISLANDS_FOLDER}/island-fault.tsx`;

/** The islands' build manifest, relative to the client build's folder (never served: dot folders are not). */
export const ISLANDS_MANIFEST_FILE = ".vite/islands-manifest.json";
