import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { downloadsPlugin } from "./scripts/build/downloads/vite-plugin-downloads";
import { documentsRegistryPlugin } from "./scripts/build/documents/vite-plugin-documents-registry";
import { timeLimitsPlugin } from "./scripts/build/time-limits/vite-plugin-time-limits";
import { pageFrontMatterPlugin } from "./scripts/build/content/vite-plugin-page-front-matter";
import { ISOLATED_TEST_FILES } from "./scripts/harness/isolated-test-files";

// Unit and component tests live beside the code (`*.test.ts(x)`); end-to-end tests live in e2e/ and
// run under Playwright, not here.
const TEST_FILES = ["{app,server,packages,scripts}/**/*.test.{ts,tsx}"];
const EXCLUDED = ["**/node_modules/**", "**/dist/**", "build/**", "e2e/**"];

export default defineConfig({
  // Components that list downloads read their real size and digest, and the registry, as in the build;
  // the `pages` namespace and the review dates include the content files' front matter, as in the build.
  plugins: [downloadsPlugin(), documentsRegistryPlugin(), pageFrontMatterPlugin(), timeLimitsPlugin()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    // Two projects: the files that mock modules or stub globals each get a module graph of their own;
    // the others share their worker's modules (scripts/harness/isolated-test-files.ts says why and which).
    projects: [
      { extends: true, test: { name: "isolated", include: [...ISOLATED_TEST_FILES] } },
      { extends: true, test: { name: "shared", include: TEST_FILES, exclude: [...EXCLUDED, ...ISOLATED_TEST_FILES], isolate: false } },
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 20_000,
    // Two test files at a time on the two-core machines (Vitest's default is one fewer than the cores:
    // one). Many files wait on programs they start (a JDK, Go, Mono, Redis, HAProxy, a built server);
    // the whole suite took 440 s on one worker.
    maxWorkers: 2,
  },
});
