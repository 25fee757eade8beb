import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Debian's Chromium, never a downloaded browser, launched the same way by the end-to-end tests and the
 * benchmarks: without the sandbox (root in a container), GPU or any background network traffic.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/**
 * Why the browser tests cannot start on this machine, with the command that fixes it, or undefined when
 * the Chromium they drive runs. Asked before the tests, so a machine without it stops at once instead
 * of failing every browser test with "executable doesn't exist".
 */
export function chromiumProblem(executable = CHROMIUM_EXECUTABLE): string | undefined {
  const fix =
    "The browser tests drive Debian's Chromium (they never download a browser). Install it, as root:\n" +
    "  apt-get install -y chromium\n" +
    "or point CHROMIUM_PATH at another Chromium.";
  if (!existsSync(executable)) return `No Chromium at ${executable}.\n${fix}`;
  const run = spawnSync(executable, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (run.status !== 0) return `${executable} --version failed (${run.error?.message || run.stderr?.trim() || `exit ${run.status}`}).\n${fix}`;
  return undefined;
}

// `tsx scripts/harness/chromium.ts --check` (npm's pretest): exits 1 with the message when Chromium is missing.
if (process.argv[2] === "--check" && import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problem = chromiumProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
