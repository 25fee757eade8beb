import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatProblem, parseRegistry, type Registry } from "./parse-registry";

export const REGISTRY_FOLDER = "content/documents";

/** The registry files' paths under `root`, sorted. */
export function registryFiles(root: string): string[] {
  const folder = path.join(root, REGISTRY_FOLDER);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Reads and validates every content/documents/*.json under `root` (problems reported, not thrown). */
export function readRegistry(root: string): Registry {
  const files: Record<string, unknown> = {};
  for (const file of registryFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    try {
      files[relative] = JSON.parse(readFileSync(file, "utf8")) as unknown;
    } catch (error) {
      // Not JSON: the schema then says the file must hold an array, and the message names the file.
      files[relative] = (error as Error).message;
    }
  }
  return parseRegistry(files);
}

/** The registry's entries, or an error naming every file, document and field that is wrong. */
export function validRegistryEntries(root: string) {
  const { documents, problems } = readRegistry(root);
  if (problems.length > 0) {
    throw new Error(`The documents registry is invalid:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`);
  }
  return [...documents.values()];
}
