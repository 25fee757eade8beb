import { parseRegistry } from "./documents-registry";

// Every registry file, bundled at build time (content/documents/<area>.json).
const files = import.meta.glob("../../../content/documents/*.json", { eager: true, import: "default" });

/** The merged documents registry. Problems are checked by registry.test.ts, never thrown at runtime. */
export const registry = parseRegistry(files);

if (import.meta.env.DEV) {
  for (const problem of registry.problems) console.warn(`[documents] ${problem.file}: ${problem.message}`);
}
