import { reactRouter } from "@react-router/dev/vite";
import mdx from "@mdx-js/rollup";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { searchIndexPlugin } from "./scripts/search/vite-plugin-search-index";
import { downloadsPlugin } from "./scripts/downloads/vite-plugin-downloads";
import { documentsRegistryPlugin } from "./scripts/documents/vite-plugin-documents-registry";
import { rehypePlugins, remarkPlugins } from "./app/mdx/mdx-pipeline";
import { BASE_URL } from "./app/config/paths";
import { firstLoadChunks } from "./scripts/bundling/first-load-chunks";

export default defineConfig(({ isSsrBuild }) => ({
  base: BASE_URL,
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The manifest is kept: the server reads it to preload each page's text chunks (server/http/locale-chunks.ts).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" }, target: "node20", manifest: true }
    : {
        target: "es2022",
        assetsInlineLimit: 0,
        manifest: true,
        // What every page loads before hydrating comes in two chunks instead of twenty (scripts/bundling).
        rollupOptions: { output: { manualChunks: firstLoadChunks() } },
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
    // The search index of each language, built from the content on every build (never committed).
    searchIndexPlugin(),
    // The one-file CLI and the SoapUI script under /areaOE/downloads/, with their size and SHA-256.
    downloadsPlugin(),
    // The documents registry, validated with zod at build time and shipped as plain data.
    documentsRegistryPlugin(),
    // Precompressed copies of the client assets (brotli and gzip), served by the Node server.
    !isSsrBuild &&
      compression({
        algorithms: ["brotliCompress", "gzip"],
        include: /\.(js|css|svg|json|txt|map)$/,
        threshold: 512,
        deleteOriginalAssets: false,
      }),
  ],
}));
