import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { documentsRegistryPlugin } from "./vite-plugin-documents-registry";

const GOOD = {
  id: "import-guide",
  area: "import",
  system: null,
  title: { pt: "Guia", en: "Guide" },
  kind: "guide",
  version: null,
  date: null,
  language: "pt",
  format: "PDF",
  size: null,
  publisher: "Autoridade Tributária e Aduaneira",
  href: "https://example.org/guide.pdf",
};

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A Vite build of one module that imports the registry, from a folder holding `files`. */
async function buildWith(files: Record<string, unknown>): Promise<string> {
  root = mkdtempSync(path.join(tmpdir(), "areaoe-documents-"));
  mkdirSync(path.join(root, "content/documents"), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(root, "content/documents", name), JSON.stringify(content));
  }
  writeFileSync(path.join(root, "entry.js"), 'export { DOCUMENTS } from "virtual:areaoe-documents";\n');
  const output = await build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [documentsRegistryPlugin(root)],
    build: { write: false, lib: { entry: path.join(root, "entry.js"), formats: ["es"] }, minify: false },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !("output" in result)) throw new Error("no build output");
  return result.output[0].code;
}

describe("documentsRegistryPlugin", () => {
  it("ships the valid registry as plain data, without zod", async () => {
    const code = await buildWith({ "import.json": [GOOD] });
    expect(code).toContain('"import-guide"');
    expect(code).not.toMatch(/zod|safeParse/);
  });

  it("fails the build naming the file, the document and the field", async () => {
    await expect(buildWith({ "import.json": [GOOD, { ...GOOD, id: "import-bad", date: "31/12/2026" }] })).rejects.toThrow(
      /content\/documents\/import\.json, document import-bad \(#1\), field date: must be YYYY-MM-DD/,
    );
  });

  it("fails the build on a duplicate id across files", async () => {
    await expect(buildWith({ "a.json": [GOOD], "b.json": [GOOD] })).rejects.toThrow(
      /content\/documents\/b\.json, document import-guide \(#0\), field id: duplicate id/,
    );
  });
});
