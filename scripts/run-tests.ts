/**
 * `npm test`: the typecheck, lint, production build, unit tests and browser tests, in that order, each
 * timed ("phase lint: 41 s"), stopping at the first that fails. The build comes before the unit tests,
 * whose checks of the client bundle read it. A machine without the browser stops before anything runs,
 * with the command that installs it.
 */
import { spawnSync } from "node:child_process";
import { chromiumProblem } from "./chromium";

const PHASES = [
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["build", "build"],
  ["unit", "test:unit"],
  ["e2e", "test:e2e"],
] as const;

const missingBrowser = chromiumProblem();
if (missingBrowser) {
  console.error(missingBrowser);
  process.exit(1);
}

const took: string[] = [];
for (const [phase, script] of PHASES) {
  const started = performance.now();
  const run = spawnSync("npm", ["run", script], { stdio: "inherit" });
  const line = `phase ${phase}: ${Math.round((performance.now() - started) / 1000)} s`;
  console.log(line);
  took.push(line);
  if (run.status !== 0) {
    console.error(`npm test stopped: "npm run ${script}" failed${run.error ? ` (${run.error.message})` : ""}.`);
    process.exit(run.status ?? 1);
  }
}
console.log(took.join("\n"));
