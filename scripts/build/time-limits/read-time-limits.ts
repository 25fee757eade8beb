import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatTimeLimitProblem, parseTimeLimits } from "./parse-time-limits";
import type { TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";

export const TIME_LIMITS_FOLDER = "content/time-limits";

/** content/time-limits/*.json under `root`, sorted. */
export function timeLimitFiles(root: string): string[] {
  const folder = path.join(root, TIME_LIMITS_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Reads and validates every record file (problems reported, not thrown). */
export function readTimeLimits(root: string) {
  const files: Record<string, unknown> = {};
  for (const file of timeLimitFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    try {
      files[relative] = JSON.parse(readFileSync(file, "utf8")) as unknown;
    } catch (error) {
      // Not JSON: the schema then says the file must hold an array, and the message names the file.
      files[relative] = (error as Error).message;
    }
  }
  return parseTimeLimits(files);
}

/** Every record, or an error naming every file, record and field that is wrong. */
export function validTimeLimits(root: string): TimeLimitRecord[] {
  const { records, problems } = readTimeLimits(root);
  if (problems.length > 0) {
    throw new Error(`The time-limit records are invalid:\n${problems.map((problem) => `  ${formatTimeLimitProblem(problem)}`).join("\n")}`);
  }
  return records;
}
