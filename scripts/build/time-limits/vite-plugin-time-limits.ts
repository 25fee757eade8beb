import path from "node:path";
import type { Plugin } from "vite";
import { TIME_LIMITS_FOLDER, timeLimitFiles, validTimeLimits } from "./read-time-limits";

const MODULE_ID = "virtual:areaoe-time-limits";
const RESOLVED = `\0${MODULE_ID}`;

/**
 * `import { TIME_LIMITS } from "virtual:areaoe-time-limits"`: the time-limit records
 * (content/time-limits/<area>.json, one source for the pages' tables, the time-limits page and the
 * calculator), validated with zod here, at build time, and shipped as plain data. A bad record fails
 * the build naming the file, the record and the field. Registered in vite.config.ts and vitest.config.ts.
 */
export function timeLimitsPlugin(root = process.cwd()): Plugin {
  const folder = path.join(root, TIME_LIMITS_FOLDER) + path.sep;
  return {
    name: "areaoe-time-limits",
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      for (const file of timeLimitFiles(root)) this.addWatchFile(file);
      return `export const TIME_LIMITS = ${JSON.stringify(validTimeLimits(root))};`;
    },
    // The dev server: an edited record file reloads the module.
    handleHotUpdate({ file, server, modules }) {
      if (!(file.startsWith(folder) && file.endsWith(".json"))) return undefined;
      const module = server.moduleGraph.getModuleById(RESOLVED);
      if (!module) return undefined;
      server.moduleGraph.invalidateModule(module);
      return [...modules, module];
    },
  };
}
