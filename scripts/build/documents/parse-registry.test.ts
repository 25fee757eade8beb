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
  publisher: "Autoridade Tributária e Aduaneira",
  href: "https://example.org/rbv.pdf",
};

function problemsOf(files: Record<string, unknown>): string[] {
  return parseRegistry(files).problems.map(formatProblem);
}

describe("parseRegistry", () => {
  it("accepts a valid entry and an in-app href", () => {
    const registry = parseRegistry({
      "/x/content/documents/import.json": [
        valid,
        { ...valid, id: "import-guide", href: "/areaOE/docs/guide.pdf", language: "pt,en" },
      ],
    });
    expect(registry.problems).toEqual([]);
    expect([...registry.documents.keys()]).toEqual(["import-rbv-manual", "import-guide"]);
  });

  it("refuses an entry without a target or a publisher (only documents that exist)", () => {
    const { href: _href, publisher: _publisher, ...bare } = valid;
    expect(problemsOf({ "content/documents/a.json": [{ ...valid, href: null }, { ...bare, id: "bare" }] })).toEqual([
      "content/documents/a.json, document import-rbv-manual (#0), field href: is required: the published document or the public page that publishes it",
      "content/documents/a.json, document bare (#1), field publisher: Invalid input: expected string, received undefined",
      "content/documents/a.json, document bare (#1), field href: is required: the published document or the public page that publishes it",
    ]);
  });

  it("names file, id and field of each mistake", () => {
    const problems = problemsOf({
      "/x/content/documents/import.json": [{ ...valid, date: "2024-13-01", href: "javascript:alert(1)" }],
    });
    expect(problems).toEqual([
      "content/documents/import.json, document import-rbv-manual (#0), field date: is not a real calendar date",
      "content/documents/import.json, document import-rbv-manual (#0), field href: must be an https:// URL or an in-app path under /areaOE/",
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
