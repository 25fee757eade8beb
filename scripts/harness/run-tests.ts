/**
 * `npm test`: the typecheck, lint, production build, unit tests and browser tests, each timed ("phase
 * lint: 41 s"), stopping at the first step that fails. The typecheck, the lint and the build do not
 * depend on each other (the lint is not type-aware; the build does not read the typecheck's generated
 * route types), so they run side by side, each one's output printed whole once it ends; then the unit
 * tests, whose checks of the client bundle read the build, then the browser tests. A machine without the
 * browser stops before anything runs, with the command that installs it.
 */
import { spawn } from "node:child_process";
import { chromiumProblem } from "./chromium";

/** Steps in order; the phases of one step run side by side. */
const STEPS: (readonly [phase: string, script: string])[][] = [
  [
    ["typecheck", "typecheck"],
    ["lint", "lint"],
    ["build", "build"],
  ],
  [["unit", "test:unit"]],
  [["e2e", "test:e2e"]],
];

interface Finished {
  phase: string;
  script: string;
  status: number;
  line: string;
}

/** Runs one npm script; alone, its output goes straight through; beside others, it is kept and printed whole at the end. */
function runPhase(phase: string, script: string, alone: boolean): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const finish = (status: number, error?: Error) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      const line = `phase ${phase}: ${Math.round((performance.now() - started) / 1000)} s`;
      console.log(line);
      if (error) console.error(error.message);
      resolve({ phase, script, status, line });
    };
    child.on("error", (error) => finish(1, error));
    child.on("close", (code) => finish(code ?? 1));
  });
}

const missingBrowser = chromiumProblem();
if (missingBrowser) {
  console.error(missingBrowser);
  process.exit(1);
}

const took: string[] = [];
for (const step of STEPS) {
  const finished = await Promise.all(step.map(([phase, script]) => runPhase(phase, script, step.length === 1)));
  took.push(...finished.map((result) => result.line));
  const failed = finished.find((result) => result.status !== 0);
  if (failed) {
    console.error(`npm test stopped: "npm run ${failed.script}" failed.`);
    process.exit(failed.status);
  }
}
console.log(took.join("\n"));
