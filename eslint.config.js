import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import checkFile from "eslint-plugin-check-file";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import areaoe from "./scripts/lint/no-literal-text.js";

/**
 * The layers of the code (ARCHITECTURE.md draws them). Every folder of app/, server/ and packages/ is one
 * element; `boundaries/no-unknown-files` fails on a file that none of them describes, so a new folder
 * has to be placed here before it can be linted. Order matters: the first matching descriptor wins.
 */
const ELEMENTS = [
  // Generic widgets with their defaults (page sizes, offsets, toast timings): no knowledge of any feature.
  { type: "ui", pattern: "app/components/ui", partialMatch: false },
  // Small pure helpers with no knowledge of the portal (accent folding): any layer of app/ may use them.
  { type: "lib", pattern: "app/lib", partialMatch: false },
  // The page frame (header, footer, breadcrumbs, language switcher): built from ui and the site map,
  // placed by root.tsx; it shows no feature, root.tsx slots the features (search, session) into it.
  { type: "layout", pattern: "app/components/layout", partialMatch: false },
  { type: "feature", pattern: "app/features/*", capture: ["feature"], partialMatch: false },
  // Facts every layer may read: the site map, page metadata, public configuration, root data types.
  { type: "config", pattern: "app/config", partialMatch: false },
  // Languages, negotiation and the i18next set-up; every layer renders texts through it.
  { type: "i18n", pattern: "app/i18n", partialMatch: false },
  // Server-side rendering helpers (stream to HTML, the "busy" page): used by entry.server.tsx and, through
  // the server surface, by server/http. It renders no feature.
  { type: "render", pattern: "app/render", partialMatch: false },
  // The MDX pipeline and the components content files may use: it wires features (documents, glossary)
  // into the content, so it sits with the routes above the features.
  { type: "mdx", pattern: "app/mdx", partialMatch: false },
  // Tool pages' widgets as React islands (docs/decisions/0019): the server wrapper, the browser's runtime
  // and one module per island. Above the features (it wraps them), below the routes and the root.
  { type: "islands", pattern: "app/islands", partialMatch: false },
  { type: "routes", pattern: "app/routes", partialMatch: false },
  { type: "styles", pattern: "app/styles", partialMatch: false },
  { type: "server", pattern: "server", partialMatch: false },
  { type: "package", pattern: "packages/*", capture: ["package"], partialMatch: false },
  // scripts/ by what it is. None of it ships; each looks at the app from outside, at build or test time.
  // The build's inputs: the Vite plugins vite.config.ts and vitest.config.ts import (content front
  // matter, documents, downloads, search index, time limits) and the diagram writer. The build depends on
  // them, so they read the app's facts and schemas but no test, bench or harness.
  { type: "build-inputs", pattern: "scripts/build", partialMatch: false },
  // The portal's own lint rules (eslint.config.js imports them): they read no layer of the code.
  { type: "lint-rules", pattern: "scripts/lint", partialMatch: false },
  // What the tests and benches share: the test runner, Chromium's launch, a production server, HAProxy,
  // the edge, a demo sign-in.
  { type: "harness", pattern: "scripts/harness", partialMatch: false },
  // Checks of the content, the docs, the bundles and the security properties, run by npm test.
  { type: "checks", pattern: "scripts/checks", partialMatch: false },
  // Deploy and runtime checks: deploy/'s configurations run against the real HAProxy, Varnish, nginx,
  // Prometheus and Alertmanager, and the stated Node.js version.
  { type: "deploy-checks", pattern: "scripts/deploy", partialMatch: false },
  // npm run bench: figures, never assertions.
  { type: "bench", pattern: "scripts/bench", partialMatch: false },
  // The browser tests.
  { type: "e2e", pattern: "e2e", partialMatch: false },
];

/**
 * Files that are not in a layer's folder. The files directly in app/ (root.tsx, entry.client.tsx,
 * entry.server.tsx, routes.ts, load-context.ts, server-surface.ts) are the wiring; app/server-surface.ts
 * is also the one module of app/ that server/ may import (see its header comment). A new folder of app/
 * is none of these: `no-unknown-files` fails until it is given a layer above.
 */
const FILES = [
  { pattern: "app/*.{ts,tsx}", category: "wiring" },
  { pattern: "app/server-surface.ts", category: "server-surface" },
  // The per-request values the server hands to React Router: route loaders and actions read them.
  { pattern: "app/load-context.ts", category: "load-context" },
  // A feature's texts: app/i18n/text-keys.ts types the keys from them (types only; resources.ts reads them by glob).
  { pattern: "app/features/*/locales/*.json", category: "feature-texts" },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const APP_LAYERS = ["routes", "islands", "mdx", "feature", "layout", "ui", "config", "i18n", "render", "styles", "lib"];

const LAYER_POLICIES = [
  { from: { element: { type: "lib" } }, allow: to("lib") },
  { from: { element: { type: "ui" } }, allow: to("ui", "config", "i18n", "lib") },
  { from: { element: { type: "layout" } }, allow: to("layout", "ui", "config", "i18n", "lib") },
  // A feature uses its own files, the widgets and the foundation; never another feature.
  {
    from: { element: { type: "feature" } },
    allow: [
      { to: { element: { type: "feature", captured: { feature: "{{ from.element.captured.feature }}" } } } },
      to("ui", "config", "i18n", "lib"),
    ],
  },
  {
    from: { element: { type: "config" } },
    allow: [
      to("config", "i18n", "lib"),
      // Types only from the wiring: the root data is typed from the root loader itself (use-root-data.ts).
      { to: { file: { categories: "wiring" } }, dependency: { kind: "type" } },
    ],
  },
  {
    from: { element: { type: "i18n" } },
    allow: [to("i18n", "config", "lib"), { to: { file: { categories: "feature-texts" } }, dependency: { kind: "type" } }],
  },
  // The server's own pages link home and carry the portal's stylesheet (its address in the build).
  { from: { element: { type: "render" } }, allow: to("render", "i18n", "config", "styles", "lib") },
  { from: { element: { type: "mdx" } }, allow: to("mdx", "feature", "ui", "config", "i18n", "lib") },
  { from: { element: { type: "islands" } }, allow: to("islands", "feature", "ui", "config", "i18n", "lib") },
  {
    from: { element: { type: "routes" } },
    allow: [to("routes", "islands", "mdx", "feature", "layout", "ui", "config", "i18n", "lib"), { to: { file: { categories: "load-context" } } }],
  },
  // The wiring (root, entries, route table, load context, server surface) may reach every layer of app/.
  {
    from: { file: { categories: "wiring" } },
    allow: [to(...APP_LAYERS), { to: { file: { categories: "wiring" } } }],
  },
  // The server sees app/ only through its declared surface.
  {
    from: { element: { type: "server" } },
    allow: [to("server"), { to: { file: { categories: "server-surface" } } }],
  },
  // A workspace package is self-contained: it imports nothing from app/, server/ or another package.
  {
    from: { element: { type: "package" } },
    allow: { to: { element: { type: "package", captured: { package: "{{ from.element.captured.package }}" } } } },
  },
  // The workspace packages are used by their package name (their declared exports), never by a path.
  { allow: { to: { element: { type: "package" } }, dependency: { source: "@areaoe/**" } } },
  // scripts/ and e2e/ may read any layer of the code; between themselves, only downwards: a check, a bench,
  // a deploy check or a browser test uses the harness; the
  // harness and the build's inputs use no test; the lint rules stand alone.
  { from: { element: { type: "lint-rules" } }, allow: to("lint-rules") },
  { from: { element: { type: "build-inputs" } }, allow: [to("build-inputs", "server", "package", ...APP_LAYERS), { to: { file: { categories: "wiring" } } }] },
  { from: { element: { type: "harness" } }, allow: [to("harness", "server", "package", ...APP_LAYERS), { to: { file: { categories: "wiring" } } }] },
  ...["checks", "deploy-checks", "bench", "e2e"].map((type) => ({
    from: { element: { type } },
    allow: [
      // A check and a browser test read the build's inputs they check (the front matter, the downloads).
      to(type, "harness", "server", "package", ...APP_LAYERS, ...(type === "checks" || type === "e2e" ? ["build-inputs"] : [])),
      { to: { file: { categories: "wiring" } } },
    ],
  })),
];

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", ".local/**", "**/dist/**", "**/dist-bundle/**", ".react-router/**", "node_modules/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The layers, no import cycles, kebab-case names (ARCHITECTURE.md, "Rules the linter holds").
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { boundaries, "import-x": importX, "check-file": checkFile },
    settings: {
      "boundaries/elements": ELEMENTS,
      "boundaries/files": FILES,
      // import-x parses the imported TypeScript files itself (no-cycle follows them); one resolver for both
      // plugins: tsconfig paths (`~/` → app/) and the workspace packages.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      "import/resolver": { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "disallow", policies: LAYER_POLICIES }],
      "boundaries/no-unknown-files": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs,cjs}": "KEBAB_CASE" },
        // `site-map.test.ts`, `index.server.ts`, `header.browser.ts`: only the name before the first dot.
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{app,server,packages,scripts,e2e}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // Root configuration files (vite, vitest, playwright, react-router, eslint) belong to no layer.
    files: ["*.{ts,js,mjs}"],
    rules: { "boundaries/no-unknown-files": "off" },
  },
  {
    // `npm run dev` runs this file in plain Node: it may only start Vite, which loads everything else
    // (server/dev-server.ts) with the transforms the app's modules need (import.meta.glob).
    files: ["server/dev.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^\\.", message: "Load it through Vite in server/dev-server.ts.", allowTypeImports: true }] }],
    },
  },
  {
    // The running portal reads its environment in one place: server/config/settings.ts parses every
    // variable once (zod) into the settings that boot passes down (Vite's build-time import.meta.env
    // is not the process's environment). Exempt: that file, and tests (*.test.ts) and their support
    // (server/**/test-*.ts), which set up the environment of the tools and servers they start and read
    // their fixtures' locations. Outside this block (so not held to it): build tooling
    // and tests of the whole (react-router.config.ts's AREAOE_BUILD_DIR, playwright.config.ts,
    // scripts/, e2e/) and packages/* (the CLI, its SoapUI plugin build and test support), which are
    // not the running portal.
    files: ["server/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["server/config/settings.ts", "**/*.test.{ts,tsx}", "server/**/test-*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read the environment in server/config/settings.ts only, and pass the setting down." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.property.name='process'][property.name='env']",
          message: "Read the environment in server/config/settings.ts only, and pass the setting down.",
        },
        {
          selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
          message: "Read the environment in server/config/settings.ts only, and pass the setting down.",
        },
      ],
    },
  },
  {
    // One import alias: inside app/, a module of another folder is imported as "~/…", never by "../".
    // Except the few modules Node loads before Vite's alias exists: the route table (React Router reads
    // it) and what vite.config.ts imports (a build fails loudly if one of them takes "~/").
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/routes.ts",
      "app/features/documents/document-schema.ts",
      "app/features/search/search-options.ts",
      "app/features/search/singular.ts",
      "app/features/time-limits/time-limit-schema.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!(\\.\\./)+content/)\\.\\./", message: "Import another folder of app/ as \"~/…\" (the one alias)." }] },
      ],
    },
  },
  {
    // No function of the server a newcomer cannot read: at most 80 lines. The request chain stays in named
    // stages (server/portal/, assembled by createPortal in server/app.ts), the metrics are registered by
    // what they measure (server/observability/portal-metrics.ts), routes are one function per route group
    // (server/sandbox/sandbox-router.ts), and a factory with state builds its state as one record and hands
    // it to named functions (server/shared-state/redis-shared-state.ts, server/sandbox/fair-queue.ts).
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "server/**/test-*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    // No visible text written in a component: it comes from the locale files through `t` (CONTRIBUTING.md,
    // "No visible text in a component"; scripts/lint/no-literal-text.js). Tests write what they render.
    // In .ts modules only its checks of `t`'s calls apply (a `defaultValue` text, a cast key).
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    // Tests and a widget family's examples (app/components/ui/*/*.examples.tsx, fixtures of its render
    // tests) write what they render.
    ignores: ["**/*.test.{ts,tsx}", "**/*.examples.tsx"],
    plugins: { areaoe },
    rules: { "areaoe/no-literal-text": "error" },
  },
  {
    // Playwright fixtures take a `use` callback that is not a React hook.
    files: ["e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
