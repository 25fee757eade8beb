/**
 * The unit test files that run each in a module graph of their own (the `isolated` project of
 * vitest.config.ts). Every other file shares its worker's modules with the files before it: importing
 * React, the texts and the app's modules once per worker, not once per file, took the unit phase from about
 * 280–310 s to about 233 s on a two-core machine (Vitest's "per-file isolation settings" recipe).
 *
 * A file belongs here when it mocks a module (`vi.mock`, `vi.doMock`, `vi.resetModules`), stubs a global
 * or an environment variable (`vi.stubGlobal`, `vi.stubEnv`), fakes timers (`vi.useFakeTimers`) or
 * listens on `process`: in a shared graph the mock would not reach a module an earlier file loaded, or
 * would leak into later files. scripts/harness/isolated-test-files.test.ts fails on a file that does one of
 * these and is not listed (and on a listed file that no longer exists).
 */
export const ISOLATED_TEST_FILES = [
  "app/chunk-loaders.test.ts",
  "app/components/ui/toast/toaster.test.tsx",
  "app/features/iva-exp/iva-exp-eligibility-check.test.tsx",
  "app/features/search/run-search.test.ts",
  "app/features/security-header/security-header-form.test.tsx",
  "app/islands/island-loader.test.ts",
  "app/islands/island.test.tsx",
  "app/render/portal-stylesheet.test.tsx",
  "server/http/render-admission.test.ts",
  "server/sandbox/verification-pool.test.ts",
] as const;

/** What makes a test file need a module graph of its own (see above). */
export const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\(|\bprocess\.(?:on|once)\(/;
