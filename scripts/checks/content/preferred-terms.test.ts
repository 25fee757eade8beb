import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { findAvoidedTerms, jsonStrings, mdxProse, type PreferredTerms } from "./preferred-terms";

/**
 * The site uses one word for one thing in each language. Every locale JSON and
 * every content file (pages, glossary, documents registry) is checked against
 * content/terms/preferred-terms.json.
 */
const root = process.cwd();
const TERMS = JSON.parse(readFileSync(path.join(root, "content/terms/preferred-terms.json"), "utf8")) as PreferredTerms;

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The language of a locale file from its path: features/x/locales/pt.json or i18n/locales/pt/x.json. */
function localeLanguage(file: string): Language | undefined {
  const match = /locales\/(?:(pt|en)\/[^/]+|(pt|en))\.json$/.exec(file);
  return (match?.[1] ?? match?.[2]) as Language | undefined;
}

const relative = (file: string) => path.relative(root, file);
const localeFiles = walk(path.join(root, "app")).filter((file) => /\/locales\//.test(file) && file.endsWith(".json"));
const contentJson = walk(path.join(root, "content")).filter((file) => file.endsWith(".json") && !file.includes("/terms/"));
const contentPages = LANGUAGES.flatMap((lang) =>
  walk(path.join(root, "content", lang)).filter((file) => file.endsWith(".mdx")).map((file) => ({ file, lang })),
);

function problemsIn(file: string, lang: Language, text: string): string[] {
  const hits = findAvoidedTerms(text, TERMS[lang]);
  const problems: string[] = [];
  // Known occurrences in files this change could not edit: exactly as many as listed, no more, no fewer.
  for (const pending of (TERMS.pending ?? []).filter((entry) => entry.file === relative(file))) {
    const count = hits.filter((hit) => hit.found.toLowerCase() === pending.term).length;
    if (count !== pending.count) {
      problems.push(`${pending.file}: "${pending.term}" occurs ${count} time(s), the pending entry says ${pending.count}; fix the file and update content/terms/preferred-terms.json`);
    }
  }
  const pendingTerms = new Set((TERMS.pending ?? []).filter((entry) => entry.file === relative(file)).map((entry) => entry.term));
  for (const hit of hits) {
    if (pendingTerms.has(hit.found.toLowerCase())) continue;
    problems.push(`${relative(file)} (${lang}): "${hit.found}" → write "${hit.prefer}" … ${hit.context} …`);
  }
  return problems;
}

describe("preferred terms", () => {
  it("the check covers the locale files and the content files of both languages", () => {
    expect(localeFiles.map(localeLanguage).filter(Boolean).length).toBe(localeFiles.length);
    expect(localeFiles.length).toBeGreaterThan(10);
    expect(contentPages.filter(({ lang }) => lang === "pt").length).toBeGreaterThan(20);
    expect(contentJson.length).toBeGreaterThan(5);
  });

  it("no locale JSON uses an avoided term", () => {
    const problems = localeFiles.flatMap((file) => {
      const lang = localeLanguage(file)!;
      return jsonStrings(JSON.parse(readFileSync(file, "utf8")), lang).flatMap(({ text }) => problemsIn(file, lang, text));
    });
    expect(problems).toEqual([]);
  });

  it("no content file uses an avoided term", () => {
    const problems = [
      ...contentPages.flatMap(({ file, lang }) => problemsIn(file, lang, mdxProse(readFileSync(file, "utf8")))),
      ...contentJson.flatMap((file) =>
        jsonStrings(JSON.parse(readFileSync(file, "utf8")), undefined).flatMap(({ lang, text }) => (lang ? problemsIn(file, lang, text) : [])),
      ),
    ];
    expect(problems).toEqual([]);
  });
});

describe("findAvoidedTerms", () => {
  const pt = TERMS.pt;
  it("finds an avoided word, whatever its case, and names the preferred one", () => {
    const hits = findAvoidedTerms("Chame o Webservice a partir do seu browser.", pt);
    expect(hits.map((hit) => hit.found)).toEqual(["Webservice", "browser"]);
    expect(hits[0]?.prefer).toContain("serviço web");
  });

  it("matches whole words only", () => {
    expect(findAvoidedTerms("Os serviços web e os navegadores; linkage; passwordless", pt)).toEqual([]);
  });

  it("reads only the string literals of a content file's ESM blocks", () => {
    const source = 'Texto.\n\nexport const downloads = {\n  mode: "append",\n  links: [{ linkText: { pt: "Um browser" } }],\n};\n\nMais texto.';
    expect(findAvoidedTerms(source, pt).map((hit) => hit.found)).toEqual(["browser", "downloads"]);
    expect(findAvoidedTerms(mdxProse(source), pt).map((hit) => hit.found)).toEqual(["browser"]);
  });

  it("ignores code, addresses, paths, options, placeholders and allowed names", () => {
    const text =
      "Use `webservice` e --password-stdin; veja /areaOE/public/webservices e https://example.org/browser; {{link}}; o campo Password; o SoapUI.\n```\npassword=1\n```";
    expect(findAvoidedTerms(text, pt)).toEqual([]);
  });
});
