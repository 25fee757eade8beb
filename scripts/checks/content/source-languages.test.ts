import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { readContentFile } from "./read-content-file";

/**
 * Issue 47: a source labelled in English opened a Bulgarian page (a Commission address ending in
 * `_bg`). Every link to a multilingual EU site opens the page's language where the site has it: EUR-Lex
 * texts in the page's language, the Commission's pages in English (pt pages may link their pt version).
 */
const root = process.cwd();

/** The languages a page in `lang` may open on EU sites, by the way each site writes them. */
const ALLOWED: Record<Language, { eurLex: string[]; eli: string[]; suffix: string[] }> = {
  pt: { eurLex: ["PT"], eli: ["por"], suffix: ["pt", "en"] },
  en: { eurLex: ["EN"], eli: ["eng"], suffix: ["en"] },
};

/** The problem with one address on a page in `lang`, or undefined. */
export function languageProblem(href: string, lang: Language): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (!url.hostname.endsWith("europa.eu")) return undefined;
  const allowed = ALLOWED[lang];
  const eurLex = /^\/legal-content\/([A-Z]{2})\//.exec(url.pathname)?.[1];
  if (eurLex && !allowed.eurLex.includes(eurLex)) return `EUR-Lex text in ${eurLex}`;
  const eli = /^\/eli\/.*\/oj\/([a-z]{3})$/.exec(url.pathname)?.[1];
  if (eli && !allowed.eli.includes(eli)) return `EUR-Lex ELI in ${eli}`;
  const suffix = /_([a-z]{2})$/.exec(url.pathname)?.[1];
  if (suffix && !allowed.suffix.includes(suffix)) return `page in "${suffix}"`;
  return undefined;
}

const links = new Map<string, string[]>();

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    const folder = path.join(root, "content", lang);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".mdx"))) {
      const facts = await readContentFile(readFileSync(path.join(folder, name), "utf8"));
      links.set(`content/${lang}/${name}`, facts.links.map((link) => link.href));
    }
  }
}, 120_000);

describe("links to EU sites open the page's language", () => {
  it.each(LANGUAGES)("in %s", (lang) => {
    const problems = [...links]
      .filter(([file]) => file.startsWith(`content/${lang}/`))
      .flatMap(([file, hrefs]) => hrefs.map((href) => [file, href, languageProblem(href, lang)] as const))
      .filter(([, , problem]) => problem !== undefined)
      .map(([file, href, problem]) => `${file}: ${href} (${problem})`);
    expect(problems).toEqual([]);
  });

  it("sees a Bulgarian Commission page, a EUR-Lex text in the other language and a foreign ELI", () => {
    expect(languageProblem("https://taxation-customs.ec.europa.eu/customs-4/x/customs-declaration_bg", "en")).toBe('page in "bg"');
    expect(languageProblem("https://taxation-customs.ec.europa.eu/customs-4/x/customs-declaration_pt", "en")).toBe('page in "pt"');
    expect(languageProblem("https://taxation-customs.ec.europa.eu/customs-4/x/customs-declaration_pt", "pt")).toBeUndefined();
    expect(languageProblem("https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32013R0952", "pt")).toBe("EUR-Lex text in EN");
    expect(languageProblem("https://eur-lex.europa.eu/eli/reg/2026/382/oj/eng", "pt")).toBe("EUR-Lex ELI in eng");
    expect(languageProblem("https://eur-lex.europa.eu/eli/reg/2026/382/oj/eng", "en")).toBeUndefined();
    expect(languageProblem("https://info-aduaneiro.portaldasfinancas.gov.pt/pt/x_bg", "en")).toBeUndefined();
  });
});
