import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { glossary, glossaryProblems, meaningOf, mergeGlossaryFiles } from "./glossary";

const CONTENT_DIR = join(import.meta.dirname, "../../../content");

function mdxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return mdxFiles(path);
    return name.endsWith(".mdx") ? [path] : [];
  });
}

describe("the glossary files", () => {
  it("merge without duplicates or missing languages", () => {
    expect(glossaryProblems).toEqual([]);
  });

  it("define the common terms in pt and en", () => {
    for (const term of ["GUE", "EORI", "CAU", "DSS", "NR", "RBV", "NIF", "IEC", "ISV", "IVA", "WSDL", "SOAP", "CSR", "XML"]) {
      expect(glossary[term]?.pt, term).toBeTruthy();
      expect(glossary[term]?.en, term).toBeTruthy();
    }
    expect(glossary.GUE?.pt).toBe("Gestão de Utilizadores Externos");
    expect(glossary.CAU?.en).toBe("Union Customs Code");
  });

  it("hold every <Acronym> used in a content file", () => {
    const unknown: string[] = [];
    for (const file of mdxFiles(CONTENT_DIR)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/<Acronym(?:\s+term="([^"]+)")?\s*>([^<]*)<\/Acronym>/g)) {
        const term = (match[1] ?? match[2] ?? "").trim();
        if (!glossary[term]) unknown.push(`${file.slice(CONTENT_DIR.length + 1)}: ${term}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe("mergeGlossaryFiles", () => {
  it("reports a term defined in two files and keeps the first", () => {
    const { glossary: merged, problems } = mergeGlossaryFiles({
      "b.json": { GUE: { pt: "segundo", en: "second" } },
      "a.json": { GUE: { pt: "primeiro", en: "first" } },
    });
    expect(merged.GUE).toEqual({ pt: "primeiro", en: "first" });
    expect(problems).toEqual([{ file: "b.json", term: "GUE", message: "the term is already defined in a.json" }]);
  });

  it("reports a missing or empty language and skips the entry", () => {
    const { glossary: merged, problems } = mergeGlossaryFiles({
      "a.json": { X: { pt: "só português" }, Y: { pt: " ", en: "blank pt" } },
    });
    expect(merged).toEqual({});
    expect(problems.map((problem) => problem.message)).toEqual(["missing meaning in en", "missing meaning in pt"]);
  });

  it("reports a file that is not an object of terms", () => {
    expect(mergeGlossaryFiles({ "a.json": ["GUE"] }).problems).toHaveLength(1);
  });
});

describe("meaningOf", () => {
  const source = { GUE: { pt: "Gestão de Utilizadores Externos", en: "External user management" } };
  it("answers in the requested language", () => {
    expect(meaningOf("GUE", "en", source)).toBe("External user management");
    expect(meaningOf("GUE", "pt", source)).toBe("Gestão de Utilizadores Externos");
  });
  it("falls back to Portuguese for another language and is undefined for an unknown term", () => {
    expect(meaningOf("GUE", "fr", source)).toBe("Gestão de Utilizadores Externos");
    expect(meaningOf("XYZ", "pt", source)).toBeUndefined();
    expect(meaningOf("toString", "pt", source)).toBeUndefined();
  });
});
