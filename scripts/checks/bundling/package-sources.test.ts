import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { sourceWorkerExecArgv } from "../../../server/sandbox/verification-pool";

// @areaoe/security-header's dist/ is only as fresh as its last build: the portal's tests, its
// development server and the verification pool's tsx workers must take its sources, and `npm run build`
// (hence `npm test`, whose build phase comes before the unit tests) rebuilds dist/ for the CLI's bin.
const SPECIFIERS = ["@areaoe/security-header", "@areaoe/security-header/node"];
const SOURCES = /\/packages\/security-header\/src\/[a-z.-]+\.ts$/;

function resolveInWorker(execArgv: string[]): Promise<string[]> {
  const code = `import { parentPort } from "node:worker_threads"; parentPort.postMessage(${JSON.stringify(SPECIFIERS)}.map((specifier) => import.meta.resolve(specifier)));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv });
    worker.once("message", (resolved: string[]) => {
      void worker.terminate();
      resolve(resolved);
    });
    worker.once("error", reject);
  });
}

describe("the portal takes @areaoe/security-header from its sources, never a stale dist/", () => {
  it("in Vitest (Vite's `module` condition)", () => {
    for (const specifier of SPECIFIERS) expect(import.meta.resolve(specifier), specifier).toMatch(SOURCES);
  });

  it("in the verification pool's tsx workers (the @areaoe/source condition)", async () => {
    // Without the condition Node would take dist/: the test would pass on a stale build, so it is shown.
    // (A clone whose dist/ was never built fails to resolve there: that counts as not the sources too.)
    const withoutCondition = await resolveInWorker(["--import", "tsx"]).catch(() => SPECIFIERS.map(() => "/dist/ (not built)"));
    expect(withoutCondition.every((resolved) => resolved.includes("/dist/"))).toBe(true);
    for (const resolved of await resolveInWorker(sourceWorkerExecArgv([]))) expect(resolved).toMatch(SOURCES);
  });

  it("`npm run build` rebuilds the package's dist/ before the portal", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toMatch(/^npm run build -w @areaoe\/security-header && .*react-router build$/);
    expect(scripts.dev).toMatch(/--conditions=(development|@areaoe\/source) /);
    expect(scripts.bench).toContain("--conditions=@areaoe/source ");
  });
});
