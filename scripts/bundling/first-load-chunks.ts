import type { GetModuleInfo } from "rollup";

/** The client build's entry points whose static imports every page loads before it can hydrate. */
const FIRST_LOAD_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx\?__react-router-build-client-route$/];

/**
 * Rollup's `manualChunks` for the client build: every module that the browser entry or the root route
 * imports statically (so every page loads it before hydrating) goes into one of two chunks,
 * `framework` (from node_modules) and `shell` (the portal's own). Left to itself Rollup cut that code
 * into about twenty chunks of 0.1 to 6 KB, each one more request on a first visit; a slow mobile
 * connection pays a round trip for each. Everything loaded on demand (pages, widgets, texts) keeps
 * its own chunks.
 */
export function firstLoadChunks(): (id: string, meta: { getModuleInfo: GetModuleInfo }) => string | undefined {
  const verdicts = new Map<string, boolean>();
  const loadedFirst = (id: string, getModuleInfo: GetModuleInfo): boolean => {
    const known = verdicts.get(id);
    if (known !== undefined) return known;
    verdicts.set(id, false); // an import cycle reaches this module again: decided by its other importers
    const info = getModuleInfo(id);
    const verdict =
      FIRST_LOAD_ENTRIES.some((entry) => entry.test(id)) ||
      (info?.importers ?? []).some((importer) => loadedFirst(importer, getModuleInfo));
    verdicts.set(id, verdict);
    return verdict;
  };
  return (id, { getModuleInfo }) => {
    if (getModuleInfo(id)?.isEntry || !loadedFirst(id, getModuleInfo)) return undefined;
    // Rollup's and Vite's virtual helpers (`\0commonjsHelpers.js`, `\0vite/preload-helper.js`) go with the
    // libraries that use them: in `shell` they made the two chunks import each other (a cycle).
    return id.includes("/node_modules/") || id.startsWith("\0") ? "framework" : "shell";
  };
}
