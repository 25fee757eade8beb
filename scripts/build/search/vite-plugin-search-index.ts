import path from "node:path";
import type { Plugin } from "vite";
import { isLanguage } from "../../../app/i18n/languages";
import { buildSearchIndex } from "./build-search-index";

const PREFIX = "virtual:areaoe-search/search-index-";
const RESOLVED = `\0${PREFIX}`;
// What the index is built from: a change to any of these rebuilds it (dev server and watch builds).
const SOURCES = ["content/", "app/i18n/locales/", "app/config/site-map.ts"];

/**
 * `import("virtual:areaoe-search/search-index-pt")`: the serialized MiniSearch index of one language, built
 * from the content at build time (never committed, never stale). Imported dynamically, it is its own
 * hashed chunk: the server loads it for the results page, the browser only when the search field is used.
 */
export function searchIndexPlugin(root = process.cwd()): Plugin {
  return {
    name: "areaoe-search-index",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const lang = id.slice(RESOLVED.length);
      if (!isLanguage(lang)) this.error(`Unknown search index language: ${lang}`);
      for (const source of SOURCES) this.addWatchFile(path.join(root, source));
      const json = await buildSearchIndex(root, lang);
      return `export default ${JSON.stringify(json)};`;
    },
    handleHotUpdate({ file, server }) {
      if (!SOURCES.some((source) => file.startsWith(path.join(root, source)))) return;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(module);
      }
    },
  };
}
