import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Probes for the layer rules of eslint.config.js (ARCHITECTURE.md, "Rules the linter holds"): each
 * forbidden import must fail with the real configuration, and its allowed counterpart must pass.
 * The probes are linted as text under a made-up file name, so nothing is written into app/.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: ROOT });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const LAYERS = "boundaries/dependencies";

describe.each([
  {
    rule: "a feature imports another feature",
    file: "app/features/session/probe.ts",
    forbidden: 'export { runSearch } from "~/features/search/run-search";',
    allowed: 'export { signInHref } from "./return-to";\nexport { Hint } from "~/components/ui/form/hint";',
  },
  {
    rule: "a feature imports a route (a layer above it)",
    file: "app/features/session/probe.ts",
    forbidden: 'export { default } from "~/routes/home";',
    allowed: 'export { SITE_PAGES } from "~/config/site-map";',
  },
  {
    rule: "a feature imports the MDX wiring",
    file: "app/features/glossary/probe.ts",
    forbidden: 'export { mdxComponents } from "~/mdx/mdx-components";',
    allowed: 'export { isLanguage } from "~/i18n/languages";',
  },
  {
    rule: "a ui widget imports a feature",
    file: "app/components/ui/probe.tsx",
    forbidden: 'export { signInHref } from "~/features/session/return-to";',
    allowed: 'export { isLanguage } from "~/i18n/languages";',
  },
  {
    rule: "the page frame imports a feature",
    file: "app/components/layout/probe.tsx",
    forbidden: 'export { HeaderSearch } from "~/features/search/header-search";',
    allowed: 'export { SmartLink } from "~/components/ui/link/smart-link";',
  },
  {
    rule: "a small helper of app/lib imports a widget",
    file: "app/lib/probe.ts",
    forbidden: 'export { SmartLink } from "~/components/ui/link/smart-link";',
    allowed: 'export { foldAccents } from "./fold-accents";',
  },
  {
    rule: "config takes a value (not a type) from the wiring",
    file: "app/config/probe.ts",
    forbidden: 'export { loader } from "~/root";',
    allowed: 'import type { loader } from "~/root";\nexport type Loader = typeof loader;',
  },
  {
    rule: "the server reaches into a feature's internals",
    file: "server/auth/probe.ts",
    forbidden: 'export { signInHref } from "../../app/features/session/return-to";',
    allowed: 'export { signInHref } from "../../app/server-surface";',
  },
  {
    rule: "the server reads a feature's locale file",
    file: "server/http/probe.ts",
    forbidden: 'import pt from "../../app/features/errors/locales/pt.json";\nexport const texts = pt;',
    allowed: 'import { serverT } from "../../app/server-surface";\nexport const texts = serverT("pt", "errors");',
  },
  {
    rule: "the server imports a shared module of app/ past the surface",
    file: "server/http/probe.ts",
    forbidden: 'export { isLanguage } from "../../app/i18n/languages";',
    allowed: 'export { createLogger } from "../logger";',
  },
  {
    rule: "the server imports a workspace package by path instead of by name",
    file: "server/sandbox/probe.ts",
    forbidden: 'export { escapeXml } from "../../packages/security-header/src/xml";',
    allowed: 'export { escapeXml } from "@areaoe/security-header";',
  },
  {
    rule: "a package imports app/",
    file: "packages/security-header/src/probe.ts",
    forbidden: 'export { isLanguage } from "../../../app/i18n/languages";',
    allowed: 'export { escapeXml } from "./xml";',
  },
  {
    rule: "a package imports server/",
    file: "packages/security-header/src/probe.ts",
    forbidden: 'export { createLogger } from "../../../server/logger";',
    allowed: 'export { escapeXml } from "./xml";',
  },
  {
    rule: "a build input (a Vite plugin's module) imports a content check",
    file: "scripts/build/search/probe.ts",
    forbidden: 'export { readAllContentFiles } from "../../checks/content/site-tree";',
    allowed: 'export { extractSections } from "./extract-sections";\nexport { SITE_PAGES } from "../../../app/config/site-map";',
  },
  {
    rule: "the tests' harness imports a bench",
    file: "scripts/harness/probe.ts",
    forbidden: 'export { sandboxBodies } from "../bench/sandbox-bodies";',
    allowed: 'export { CHROMIUM_ARGS } from "./chromium";',
  },
  {
    rule: "a bench imports a content check",
    file: "scripts/bench/probe.ts",
    forbidden: 'export { readAllContentFiles } from "../checks/content/site-tree";',
    allowed: 'export { median } from "../harness/start-server";',
  },
  {
    rule: "a lint rule imports the app",
    file: "scripts/lint/probe.ts",
    forbidden: 'export { isLanguage } from "../../app/i18n/languages";',
    allowed: 'export { default } from "./no-literal-text.js";',
  },
  {
    rule: "app/ imports a build script",
    file: "app/probe.ts",
    forbidden: 'export { extractSections } from "../scripts/build/search/extract-sections";',
    allowed: 'export { SITE_PAGES } from "./config/site-map";',
  },
  {
    rule: "app/ imports server/",
    file: "app/probe.ts",
    forbidden: 'export { createLogger } from "../server/logger";',
    allowed: 'export { SITE_PAGES } from "./config/site-map";',
  },
])("layers: $rule", ({ file, forbidden, allowed }) => {
  it("fails", async () => {
    expect(await ruleIdsFor(file, forbidden)).toContain(LAYERS);
  });
  it("passes the allowed import", async () => {
    expect(await ruleIdsFor(file, allowed)).toEqual([]);
  });
});

describe("one import alias in app/", () => {
  it("fails on a \"../\" import of another folder", async () => {
    const ids = await ruleIdsFor("app/features/session/probe.ts", 'export { Hint } from "../../components/ui/form/hint";');
    expect(ids).toContain("no-restricted-imports");
  });
  it("passes \"~/\", a file of the same folder, and the content folder", async () => {
    const code = 'export { Hint } from "~/components/ui/form/hint";\nexport { signInHref } from "./return-to";\nexport { default as faults } from "../../../content/faults/security-header-faults.json";';
    expect(await ruleIdsFor("app/features/session/probe.ts", code)).toEqual([]);
  });
});

describe("a folder of app/ that has no layer", () => {
  it("fails until eslint.config.js places it", async () => {
    const ids = await ruleIdsFor("app/helpers/probe.ts", 'export { isLanguage } from "../i18n/languages";');
    expect(ids).toContain("boundaries/no-unknown-files");
  });
});

describe("file names", () => {
  it("fails on a name that is not kebab-case", async () => {
    expect(await ruleIdsFor("app/features/session/SignInForm.tsx", "export const x = 1;")).toContain(
      "check-file/filename-naming-convention",
    );
    expect(await ruleIdsFor("server/http/requestGuards.ts", "export const x = 1;")).toContain(
      "check-file/filename-naming-convention",
    );
  });
  it("fails on a folder name that is not kebab-case", async () => {
    expect(await ruleIdsFor("app/features/userProfile/probe.ts", "export const x = 1;")).toContain(
      "check-file/folder-naming-convention",
    );
  });
  it("passes kebab-case names with middle extensions", async () => {
    expect(await ruleIdsFor("app/features/session/sign-in-form.test.tsx", "export const x = 1;")).toEqual([]);
    expect(await ruleIdsFor("app/features/session/index.server.ts", "export const x = 1;")).toEqual([]);
  });
});

describe("import cycles", () => {
  // A cycle needs both files on disk (the rule reads the imported file), so the probe writes two tiny
  // modules into a throw-away folder of the repository and removes it afterwards.
  let dir = "";
  beforeAll(() => {
    // A lower-case name of its own: the folder-name rule applies to it as well.
    dir = path.join(ROOT, `scripts/lint/cycle-probe-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "first.ts"), 'import { second } from "./second";\nexport const first = () => second();\n');
    writeFileSync(path.join(dir, "second.ts"), 'import { first } from "./first";\nexport const second = () => first();\n');
    writeFileSync(path.join(dir, "third.ts"), "export const third = () => 3;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fails on a cycle", async () => {
    const code = 'import { second } from "./second";\nexport const first = () => second();\n';
    expect(await ruleIdsFor(path.relative(ROOT, path.join(dir, "first.ts")), code)).toContain("import-x/no-cycle");
  });
  it("passes a one-way import", async () => {
    const code = 'import { third } from "./third";\nexport const first = () => third();\n';
    expect(await ruleIdsFor(path.relative(ROOT, path.join(dir, "first.ts")), code)).toEqual([]);
  });
});
