import { reactRouter } from "@react-router/dev/vite";
import mdx from "@mdx-js/rollup";
import gzipPlugin from "rollup-plugin-gzip";
import terser from "@rollup/plugin-terser";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib } from "node:zlib";
import { searchIndexPlugin } from "./scripts/search/vite-plugin-search-index";
import { downloadsPlugin } from "./scripts/downloads/vite-plugin-downloads";
import { documentsRegistryPlugin } from "./scripts/documents/vite-plugin-documents-registry";
import { timeLimitsPlugin } from "./scripts/time-limits/vite-plugin-time-limits";
import { pageFrontMatterPlugin } from "./scripts/content/vite-plugin-page-front-matter";
import { rehypePlugins, remarkPlugins } from "./app/mdx/mdx-pipeline";
import { BASE_URL } from "./app/config/paths";
import { firstLoadChunks } from "./scripts/bundling/first-load-chunks";
import { ISLAND_FAULT_SOURCE, ISLAND_RUNTIME_SOURCE, ISLAND_SOURCES } from "./app/islands/island-names";

const brotli = promisify(brotliCompress);

/**
 * The client build's own options. React Router 8 builds both sides with one Vite builder (the Environment
 * API): what belongs to the browser's build is given to the `client` environment only, merged into the
 * options React Router sets for it (its entry file names stay).
 */
function clientBuild(): Plugin {
  return {
    name: "areaoe-client-build",
    configEnvironment(name) {
      if (name !== "client") return undefined;
      return {
        build: {
          target: "es2022",
          assetsInlineLimit: 0,
          // What every page loads before hydrating comes in two chunks instead of twenty (scripts/bundling).
          rollupOptions: {
            output: {
              manualChunks: firstLoadChunks(),
              // esbuild minifies first (Vite's default); terser's second pass takes about 3% more off the
              // gzip size of the first-load chunks (measured: framework 110.9 -> 107.4 KB), and every
              // hydrated page pays for those bytes.
              plugins: [terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } })],
            },
          },
        },
      };
    },
  };
}

/**
 * Tool pages' islands (app/islands/island.tsx, docs/decisions/0019): the client build emits the islands'
 * runtime and each island's module as entries of their own (their exports kept), beside React Router's;
 * the server finds their files in the client manifest (app/islands/island-head.ts). The build fails when
 * an island's first load would reach React Router: a page with islands must not download the router.
 */
function islandEntries(): Plugin {
  const sources = [ISLAND_RUNTIME_SOURCE, ...Object.values(ISLAND_SOURCES), ISLAND_FAULT_SOURCE];
  return {
    name: "areaoe-island-entries",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const source of sources) this.emitFile({ type: "chunk", id: fileURLToPath(new URL(`./${source}`, import.meta.url)), preserveSignature: "strict" });
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])));
      for (const chunk of chunks.values()) {
        const source = chunk.facadeModuleId ?? "";
        if (!sources.some((island) => source.endsWith(`/${island}`))) continue;
        const seen = new Set<string>();
        const walk = (fileName: string, via: string[]) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const found = chunks.get(fileName);
          if (!found) return;
          const router = found.moduleIds.find((id) => /\/node_modules\/react-router\//.test(id));
          if (router) {
            this.error(
              `The island ${source} loads React Router (${router}, through ${[...via, fileName].join(" → ")}): an island's widget must not import react-router (app/islands/island.tsx).`,
            );
          }
          for (const imported of found.imports) walk(imported, [...via, fileName]);
        };
        walk(chunk.fileName, []);
      }
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
      this.emitFile({ type: "chunk", id: fileURLToPath(new URL("./server/sandbox/verification-worker.ts", import.meta.url)), fileName: "verification-worker.js" });
    },
  };
}

/** Precompressed copies (gzip, brotli) of the client's assets, served by the Node server; never of the server's build. */
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
    applyToEnvironment: (environment) => environment.name === "client",
  }) as Plugin);
}

export default defineConfig({
  base: BASE_URL,
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The manifest is kept (React Router keeps it too): the server reads the client's to preload each
  // page's text chunks (server/http/locale-chunks.ts).
  build: { manifest: true },
  environments: {
    // The server build's entry is the portal's server (server/main.ts), which imports React Router's
    // build (virtual:react-router/server-build): `npm start` runs build/server/index.js.
    // date-fns is bundled into it (only the functions used): left external, its root and its locales'
    // index import about 1,800 files, which made every start of the server take seconds of module
    // resolution (17 s on a loaded machine; docs/scaling.md "Start-up").
    ssr: { build: { rollupOptions: { input: "./server/main.ts" }, target: "node24" }, resolve: { noExternal: ["date-fns"] } },
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
    clientBuild(),
    islandEntries(),
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
