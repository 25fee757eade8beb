import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The docs are checked against the code where they can be: every file or folder of the repository
 * they name in code spans (`app/config/site-map.ts`) or link to must exist. A rename that forgets the
 * docs fails here. Names with placeholders (`content/<lang>/<id>.mdx`, `data-table-*.tsx`, `…`) are
 * patterns, not files, and are left out.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const TOP_FOLDERS = ["app", "server", "packages", "scripts", "content", "e2e", "docs", "deploy", "config", "public", ".ci"];

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? docs(path.join(dir, entry.name)) : entry.name.endsWith(".md") ? [path.join(dir, entry.name)] : [],
    );
  return ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", ...docs("docs")];
}

const isPattern = (name: string) => /[<>*…{}|$ ]|\.\.\./.test(name);

/** Repository paths named in code spans, and relative links, of one Markdown file. */
function namedPaths(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const spans = [...text.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1]!.trim())
    .filter((name) => TOP_FOLDERS.some((folder) => name.startsWith(`${folder}/`)))
    .map((name) => name.replace(/[:#].*$/, "").replace(/[.,;)]+$/, ""));
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("#") && !target.startsWith("/"))
    .map((target) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target.replace(/#.*$/, ""))));
  return [...spans, ...links].filter((name) => name !== "" && !isPattern(name));
}

describe("paths the docs name", () => {
  it.each(markdownFiles())("%s names only files and folders that exist", (file) => {
    const missing = [...new Set(namedPaths(file))].filter((name) => !existsSync(path.join(ROOT, name)));
    expect(missing).toEqual([]);
  });

  it("finds the paths it should (the check is not empty)", () => {
    expect(namedPaths("ARCHITECTURE.md")).toContain("app/config/site-map.ts");
    expect(namedPaths("ARCHITECTURE.md").length).toBeGreaterThan(50);
  });
});
