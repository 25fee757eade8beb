import path from "node:path";
import { timeLimitFileSchema, timeLimitSchema, TIME_LIMIT_AREAS, type TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";

export interface TimeLimitProblem {
  file: string;
  /** The record id, when the record has one. */
  id?: string;
  /** The record's position in its file, counted from 0. */
  index?: number;
  field?: string;
  message: string;
}

/** "content/time-limits/liquidation.json, record settlement-payment (#0), field pages: …" */
export function formatTimeLimitProblem(problem: TimeLimitProblem): string {
  const where = [problem.file];
  if (problem.id !== undefined || problem.index !== undefined) {
    where.push(`record ${problem.id ?? "(no id)"}${problem.index !== undefined ? ` (#${problem.index})` : ""}`);
  }
  if (problem.field) where.push(`field ${problem.field}`);
  return `${where.join(", ")}: ${problem.message}`;
}

function shortName(file: string): string {
  const normalised = file.split(path.sep).join("/");
  const at = normalised.indexOf("content/time-limits/");
  return at >= 0 ? normalised.slice(at) : normalised;
}

/**
 * Every record of every file, in file order, and every problem: an invalid record (file, id, field),
 * a duplicate id across files, a record whose `area` is not its file's name, a file named after no area.
 * Problems are reported, not thrown: the build (vite-plugin-time-limits.ts) and the tests decide.
 */
export function parseTimeLimits(files: Record<string, unknown>): { records: TimeLimitRecord[]; problems: TimeLimitProblem[] } {
  const records: TimeLimitRecord[] = [];
  const origin = new Map<string, string>();
  const problems: TimeLimitProblem[] = [];
  for (const [name, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = shortName(name);
    const area = path.basename(name, ".json");
    if (!(TIME_LIMIT_AREAS as readonly string[]).includes(area)) {
      problems.push({ file, message: `the file is named after no area (one of: ${TIME_LIMIT_AREAS.join(", ")})` });
      continue;
    }
    const array = timeLimitFileSchema.safeParse(content);
    if (!array.success) {
      problems.push({ file, message: array.error.issues[0]?.message ?? "invalid file" });
      continue;
    }
    array.data.forEach((raw, index) => {
      const rawId = typeof raw === "object" && raw && "id" in raw && typeof raw.id === "string" ? raw.id : undefined;
      const parsed = timeLimitSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          problems.push({ file, id: rawId, index, field: issue.path.join(".") || undefined, message: issue.message });
        }
        return;
      }
      const record = parsed.data;
      if (record.area !== area) {
        problems.push({ file, id: record.id, index, field: "area", message: `is ${record.area}, but the file is ${area}.json (a record lives in its area's file)` });
        return;
      }
      const first = origin.get(record.id);
      if (first) {
        problems.push({ file, id: record.id, index, field: "id", message: `duplicate id, already used in ${first}` });
        return;
      }
      origin.set(record.id, file);
      records.push(record);
    });
  }
  return { records, problems };
}
