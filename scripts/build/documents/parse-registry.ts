import { documentFileSchema, documentSchema, type DocumentEntry } from "../../../app/features/documents/document-schema";

export interface RegistryProblem {
  file: string;
  /** The document id, when the entry has one. */
  id?: string;
  /** The entry's position in its file, counted from 0. */
  index?: number;
  field?: string;
  message: string;
}

export interface Registry {
  documents: ReadonlyMap<string, DocumentEntry>;
  problems: RegistryProblem[];
}

/** "content/documents/import.json, document import-rbv-manual (#2), field date: must be YYYY-MM-DD" */
export function formatProblem(problem: RegistryProblem): string {
  const where = [problem.file];
  if (problem.id !== undefined || problem.index !== undefined) {
    where.push(`document ${problem.id ?? "(no id)"}${problem.index !== undefined ? ` (#${problem.index})` : ""}`);
  }
  if (problem.field) where.push(`field ${problem.field}`);
  return `${where.join(", ")}: ${problem.message}`;
}

function shortName(file: string): string {
  const at = file.indexOf("content/documents/");
  return at >= 0 ? file.slice(at) : file;
}

/**
 * Merges every registry file into one map by id. Invalid entries and duplicate ids are reported, not
 * thrown, so one writer's typo never takes the site down; the registry test turns problems into failures.
 */
export function parseRegistry(files: Record<string, unknown>): Registry {
  const documents = new Map<string, DocumentEntry>();
  const origin = new Map<string, string>();
  const problems: RegistryProblem[] = [];
  for (const [path, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = shortName(path);
    const array = documentFileSchema.safeParse(content);
    if (!array.success) {
      problems.push({ file, message: array.error.issues[0]?.message ?? "invalid file" });
      continue;
    }
    array.data.forEach((raw, index) => {
      const rawId = typeof raw === "object" && raw && "id" in raw && typeof raw.id === "string" ? raw.id : undefined;
      const parsed = documentSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          problems.push({ file, id: rawId, index, field: issue.path.join(".") || undefined, message: issue.message });
        }
        return;
      }
      const entry = parsed.data;
      const first = origin.get(entry.id);
      if (first) {
        problems.push({ file, id: entry.id, index, field: "id", message: `duplicate id, already used in ${first}` });
        return;
      }
      origin.set(entry.id, file);
      documents.set(entry.id, entry);
    });
  }
  return { documents, problems };
}
