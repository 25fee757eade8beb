import { reactRouter } from "@react-router/dev/vite";
import mdx from "@mdx-js/rollup";
import gzipPlugin from "rollup-plugin-gzip";
import { defineConfig, type Plugin } from "vite";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib } from "node:zlib";
import { searchIndexPlugin } from "./scripts/build/search/vite-plugin-search-index";
import { downloadsPlugin } from "./scripts/build/downloads/vite-plugin-downloads";
import { documentsRegistryPlugin } from "./scripts/build/documents/vite-plugin-documents-registry";
import { timeLimitsPlugin } from "./scripts/build/time-limits/vite-plugin-time-limits";
import { pageFrontMatterPlugin } from "./scripts/build/content/vite-plugin-page-front-matter";
import { rehypePlugins, remarkPlugins } from "./app/mdx/mdx-pipeline";
import { BASE_URL } from "./app/config/paths";
import reactRouterConfig from "./react-router.config";
import {
  ISLAND_FAULT_SOURCE,
  ISLAND_FILE,
  ISLAND_LOADER_SOURCE,
  ISLAND_RUNTIME_SOURCE,
  ISLANDS_FOLDER,
  ISLANDS_MANIFEST_FILE,
} from "./app/islands/island-sources";

const brotli = promisify(brotliCompress);
const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The islands' own build (docs/decisions/0020): React Router renders every page on the server only and
 * its client build is never loaded by a page; what the browser runs is this environment's output. Its
 * entries are the loader (inlined into each page with islands), the runtime, each island (every
 * `app/islands/<name>.island.tsx`: the files are the list) and the test-only fault module; its manifest
 * (ISLANDS_MANIFEST_FILE) tells the server each one's files (server/http/island-assets.ts). The chunk
 * policy is configuration (`codeSplitting` below).
 */
const ISLAND_ENTRIES = [
  ISLAND_LOADER_SOURCE,
  ISLAND_RUNTIME_SOURCE,
  ...readdirSync(path.join(root, ISLANDS_FOLDER))
    .filter((file) => ISLAND_FILE.test(file))
    .sort()
    .map((file) => `${ISLANDS_FOLDER}/${file}`),
  ISLAND_FAULT_SOURCE,
];
const ISLANDS_OUTPUT = "assets/islands/[name]-[hash].js";

/**
 * Builds the islands after React Router's client and server (a `buildApp` hook after React Router's own),
 * and fails the build when a chunk of theirs holds React Router (an island's widget must not import it) or
 * when the loader's chunk imports another (it is inlined into pages: it must stand alone).
 */
function islandsBuild(): Plugin {
  return {
    name: "areaoe-islands-build",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const islands = builder.environments.islands;
        if (islands && !islands.isBuilt) await builder.build(islands);
      },
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "islands") return;
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk") continue;
          const router = output.moduleIds.find((id) => /[\\/]node_modules[\\/](react-router|@react-router)[\\/]/.test(id));
          if (router) this.error(`The islands' chunk ${output.fileName} holds React Router (${router}): an island's widget must not import react-router (app/islands/island.tsx).`);
          const source = output.facadeModuleId ? path.relative(root, output.facadeModuleId) : "";
          if (source === ISLAND_LOADER_SOURCE && (output.imports.length > 0 || output.dynamicImports.length > 0)) {
            this.error(`The islands' loader (${ISLAND_LOADER_SOURCE}) imports ${[...output.imports, ...output.dynamicImports].join(", ")}: it is inlined into pages and must import nothing (app/islands/island-loader.ts).`);
          }
        }
      },
    },
  };
}

/**
 * The verification pool's worker (server/sandbox/verification-worker.ts) is loaded by path in a worker
 * thread, so the server build emits it as a second entry of its own, beside the server's:
 * build/server/verification-worker.js (server/main.ts hands that path to the pool).
 */
function verificationWorkerEntry(): Plugin {
  return {
    name: "areaoe-verification-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({ type: "chunk", id: path.join(root, "server/sandbox/verification-worker.ts"), fileName: "verification-worker.js" });
    },
  };
}

/** Precompressed copies (gzip, brotli) of the browser's files, served by the Node server; never of the server's build. */
function clientPrecompression(): Plugin[] {
  const common = { filter: /\.(js|css|svg|json|txt|map)$/, minSize: 512 };
  return [
    gzipPlugin({ ...common, gzipOptions: { level: 9 } }),
    gzipPlugin({
      ...common,
      fileName: ".br",
      customCompression: (content) => brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    }),
  ].map((plugin, index) => ({
    ...plugin,
    name: `areaoe-precompress-${index === 0 ? "gzip" : "brotli"}`,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "islands",
  }) as Plugin);
}

export default defineConfig({
  base: BASE_URL,
  resolve: {
    alias: { "~": path.join(root, "app") },
  },
  // The manifests are kept (React Router keeps its own too): the server reads the islands' (server/http/island-assets.ts).
  build: { manifest: true, assetsInlineLimit: 0 },
  environments: {
    // The server build's entry is the portal's server (server/main.ts), which imports React Router's
    // build (virtual:react-router/server-build): `npm start` runs build/server/index.js.
    // date-fns is bundled into it (only the functions used): left external, its root and its locales'
    // index import about 1,800 files, which made every start of the server take seconds of module
    // resolution (17 s on a loaded machine; docs/scaling.md "Start-up").
    ssr: { build: { rollupOptions: { input: "./server/main.ts" }, target: "node24" }, resolve: { noExternal: ["date-fns"] } },
    islands: {
      consumer: "client",
      build: {
        outDir: path.join(reactRouterConfig.buildDirectory, "client"),
        // Beside React Router's client build (its stylesheet, the public files and downloads), which it must not wipe.
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: ISLANDS_MANIFEST_FILE,
        target: "es2022",
        rolldownOptions: {
          input: ISLAND_ENTRIES.map((source) => path.join(root, source)),
          // Each island's module keeps its default export (the runtime imports it by its address).
          preserveEntrySignatures: "strict",
          output: {
            entryFileNames: ISLANDS_OUTPUT,
            chunkFileNames: ISLANDS_OUTPUT,
            assetFileNames: "assets/islands/[name]-[hash][extname]",
            // The chunk policy (docs/decisions/0020), beside Rolldown's own split by the entries that share a module:
            // - `react`: React, ReactDOM, the scheduler and the bundler's preload helper, on every page with islands;
            // - `island-shared`: what three islands or more load at once (the texts' hooks, links, form parts, …),
            //   one request instead of a dozen of 0.1–0.6 KB; but the page manifest (app/config/site-map.ts, 1 KB
            //   gzip), which only the islands with links to pages need, stays a chunk of its own.
            codeSplitting: {
              groups: [
                { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/, priority: 2 },
                { name: "island-shared", test: /[\\/](node_modules|app[\\/](?!config[\\/]site-map\.))/, tags: ["$initial"], minShareCount: 3, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    {
      enforce: "pre",
      ...mdx({
        providerImportSource: "@mdx-js/react",
        // The site's MDX pipeline (app/mdx/mdx-pipeline.ts), shared with the content checks.
        remarkPlugins,
        rehypePlugins,
      }),
    },
    reactRouter(),
    islandsBuild(),
    verificationWorkerEntry(),
    // The search index of each language, built from the content on every build (never committed).
    searchIndexPlugin(),
    // The one-file CLI and the SoapUI script under /areaOE/downloads/, with their size and SHA-256.
    downloadsPlugin(),
    // The documents registry, validated with zod at build time and shipped as plain data.
    documentsRegistryPlugin(),
    // Each page's title, breadcrumb, summary and review date, from its content files' front matter.
    pageFrontMatterPlugin(),
    // The time-limit records (tables, the time-limits page, the calculator), validated with zod at build time.
    timeLimitsPlugin(),
    ...clientPrecompression(),
  ],
});
