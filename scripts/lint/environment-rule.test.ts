import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Probes for the rule that the running portal reads its environment in one place
 * (server/config/settings.ts; eslint.config.js): every way of reading `process.env` fails in server/
 * and app/ with the real configuration, and passes where the rule exempts it. The probes are linted
 * as text under made-up file names: nothing is written.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: ROOT });
const RULES = new Set(["no-restricted-properties", "no-restricted-syntax"]);

async function environmentErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => RULES.has(message.ruleId ?? "")).map((message) => message.message);
}

const READS = [
  "export const port = process.env.PORT;",
  'export const port = process.env["PORT"];',
  "const { env } = process;\nexport const port = env.PORT;",
  "export const port = globalThis.process.env.PORT;",
  "export const all = { ...process.env };",
];

describe("process.env outside the settings", () => {
  it.each(READS)("is refused in server/: %s", async (code) => {
    const errors = await environmentErrors("server/http/probe.ts", code);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain("server/config/settings.ts");
  });

  it.each(READS)("is refused in app/: %s", async (code) => {
    expect((await environmentErrors("app/features/session/probe.ts", code)).length).toBeGreaterThan(0);
  });

  it("is allowed in the settings file, in tests, and outside the running portal", async () => {
    for (const file of ["server/config/settings.ts", "server/http/probe.test.ts", "app/features/session/probe.test.tsx", "scripts/bench/probe.ts", "e2e/probe.spec.ts"]) {
      expect(await environmentErrors(file, "export const port = process.env.PORT;"), file).toEqual([]);
    }
  });

  it("leaves Vite's build-time import.meta.env alone", async () => {
    expect(await environmentErrors("app/render/probe.ts", "export const dev = import.meta.env.DEV;")).toEqual([]);
  });
});
