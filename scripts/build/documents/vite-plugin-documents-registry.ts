import type { Plugin } from "vite";
import { registryFiles, validRegistryEntries } from "./read-registry";

const MODULE_ID = "virtual:areaoe-documents";
const RESOLVED = `\0${MODULE_ID}`;

/**
 * `import { DOCUMENTS } from "virtual:areaoe-documents"`: the documents registry
 * (content/documents/*.json), validated with zod here, at build time, and shipped as plain data, so
 * neither zod nor a validator reaches the browser. A bad entry fails the build, naming file, document
 * and field.
 */
export function documentsRegistryPlugin(root = process.cwd()): Plugin {
  return {
    name: "areaoe-documents-registry",
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      for (const file of registryFiles(root)) this.addWatchFile(file);
      return `export const DOCUMENTS = ${JSON.stringify(validRegistryEntries(root))};`;
    },
  };
}
