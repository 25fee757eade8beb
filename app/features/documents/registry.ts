import { DOWNLOADS } from "virtual:areaoe-downloads";
import { parseRegistry } from "./documents-registry";
import { withDownloads } from "./with-downloads";

// Every registry file, bundled at build time (content/documents/<area>.json).
const files = import.meta.glob("../../../content/documents/*.json", { eager: true, import: "default" });

/** The merged documents registry. Problems are checked by registry.test.ts, never thrown at runtime. */
const parsed = parseRegistry(files);
export const registry = { ...parsed, documents: withDownloads(parsed.documents, DOWNLOADS) };

if (import.meta.env.DEV) {
  for (const problem of registry.problems) console.warn(`[documents] ${problem.file}: ${problem.message}`);
}
