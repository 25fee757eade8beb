import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { LANGUAGES } from "../../../app/i18n/languages";
import { collectFrontMatter, pagesJsonFile, pagesNamespace } from "./page-front-matter";

const REVIEWS_ID = "virtual:areaoe-page-reviews";
const RESOLVED_REVIEWS = `\0${REVIEWS_ID}`;

/**
 * The content files' front matter (page-front-matter.ts), read at build time into what the app already
 * reads: each language's `pages` namespace (the module app/i18n/locales/<lang>/pages.json, so the small
 * `t`, the breadcrumbs, the cards and the meta tags need no change) and
 * `import { PAGE_REVIEWS } from "virtual:areaoe-page-reviews"`. A missing or invalid key fails the build,
 * naming the file and the key. Registered in vite.config.ts and vitest.config.ts.
 */
export function pageFrontMatterPlugin(root = process.cwd()): Plugin {
  const pagesJson = new Map(LANGUAGES.map((lang) => [pagesJsonFile(root, lang), lang]));
  const contentFolder = path.join(root, "content") + path.sep;
  return {
    name: "areaoe-page-front-matter",
    // Before Vite's JSON plugin, which turns the namespace this returns into a module.
    enforce: "pre",
    resolveId(id) {
      return id === REVIEWS_ID ? RESOLVED_REVIEWS : undefined;
    },
    load(id) {
      if (id === RESOLVED_REVIEWS) {
        const collected = collectFrontMatter(root);
        for (const file of collected.files) this.addWatchFile(file);
        return `export const PAGE_REVIEWS = ${JSON.stringify(collected.reviews)};`;
      }
      // Only the plain module: `?raw` and `?url` imports keep the file as it is.
      if (id.includes("?")) return undefined;
      const lang = pagesJson.get(path.normalize(id));
      if (!lang) return undefined;
      const collected = collectFrontMatter(root);
      for (const file of collected.files) this.addWatchFile(file);
      const json = JSON.parse(readFileSync(id, "utf8")) as Record<string, unknown>;
      return JSON.stringify(pagesNamespace(json, collected.texts[lang], path.relative(root, id)), null, 2);
    },
    // The dev server: an edited front matter reloads the namespaces and the reviews.
    handleHotUpdate({ file, server, modules }) {
      if (!(file.startsWith(contentFolder) && file.endsWith(".mdx"))) return undefined;
      const collected = [...server.moduleGraph.idToModuleMap.values()].filter(
        (module) => module.id === RESOLVED_REVIEWS || (module.id !== null && pagesJson.has(path.normalize(module.id))),
      );
      for (const module of collected) server.moduleGraph.invalidateModule(module);
      return [...modules, ...collected];
    },
  };
}
