import { describe, expect, it } from "vitest";
import { formatProblem, parseRegistry } from "./parse-registry";

const valid = {
  id: "import-rbv-manual",
  area: "import",
  system: "STADA Import RBV",
  title: { pt: "Manual RBV", en: "RBV manual" },
  kind: "manual",
  version: null,
  date: "2024-02-29",
  language: "pt",
  format: "PDF",
  size: null,
  href: "https://example.org/rbv.pdf",
};

function problemsOf(files: Record<string, unknown>): string[] {
  return parseRegistry(files).problems.map(formatProblem);
}

describe("parseRegistry", () => {
  it("accepts a valid entry, an in-app href and a null href", () => {
    const registry = parseRegistry({
      "/x/content/documents/import.json": [
        valid,
        { ...valid, id: "import-guide", href: "/areaOE/docs/guide.pdf", language: "pt,en" },
        { ...valid, id: "import-soon", href: null, date: null },
      ],
    });
    expect(registry.problems).toEqual([]);
    expect([...registry.documents.keys()]).toEqual(["import-rbv-manual", "import-guide", "import-soon"]);
  });

  it("names file, id and field of each mistake", () => {
    const problems = problemsOf({
      "/x/content/documents/import.json": [{ ...valid, date: "2024-13-01", href: "javascript:alert(1)" }],
    });
    expect(problems).toEqual([
      "content/documents/import.json, document import-rbv-manual (#0), field date: is not a real calendar date",
      "content/documents/import.json, document import-rbv-manual (#0), field href: must be an https:// URL or an in-app path under /areaOE/, or null",
    ]);
  });

  it.each([
    ["id", { id: "Import_RBV" }, "kebab-case"],
    ["area", { area: "imports" }, "area page ids"],
    ["kind", { kind: "book" }, "one of"],
    ["language", { language: "fr" }, "one of"],
    ["date", { date: "05/03/2024" }, "YYYY-MM-DD"],
    ["href", { href: "http://example.org/a.pdf" }, "https://"],
    ["href", { href: "/other/a.pdf" }, "/areaOE/"],
    ["title.en", { title: { pt: "Manual" } }, ""],
    ["format", { format: "" }, "must not be empty"],
  ])("refuses a bad %s", (field, change, message) => {
    const problems = parseRegistry({ "content/documents/a.json": [{ ...valid, ...change }] }).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]?.field).toBe(field);
    expect(problems[0]?.message).toContain(message);
  });

  it("refuses unknown keys, so a misspelt field is not silently ignored", () => {
    const [problem] = parseRegistry({ "content/documents/a.json": [{ ...valid, verison: "1.0" }] }).problems;
    expect(problem?.message).toMatch(/verison/);
  });

  it("refuses a duplicate id across files, naming the first file", () => {
    const problems = problemsOf({
      "content/documents/a.json": [valid],
      "content/documents/b.json": [valid],
    });
    expect(problems).toEqual([
      "content/documents/b.json, document import-rbv-manual (#0), field id: duplicate id, already used in content/documents/a.json",
    ]);
  });

  it("refuses a file that is not an array", () => {
    expect(problemsOf({ "content/documents/a.json": valid })).toEqual([
      "content/documents/a.json: the file must hold a JSON array of documents",
    ]);
  });
});
