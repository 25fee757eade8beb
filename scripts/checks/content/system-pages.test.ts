import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { ANNOUNCEMENT_LABEL, DEFERRAL_PHRASES, isAnnouncementSource, isPrimarySource, LAYOUT_PHRASES, SOURCES_HEADING } from "./official-sources";
import { validTimeLimits } from "../../build/time-limits/read-time-limits";
import { readContentFile, type ContentFileFacts } from "./read-content-file";

/**
 * A page that states rules says where they come from, and says them itself instead of
 * sending the reader to a manual or to the authority.
 */
const root = process.cwd();

// Content files that state no rule of their own: an index of links, and a page that is not routed.
const WITHOUT_SOURCES: Record<string, string> = {
  tools: "an index of the tools, each with its own page",
  journeys: "an index of the step-by-step journeys, each with its own page and sources",
  ics2: "not routed (the specification lists it unrouted)",
  "security-header-sandbox-keys": "the portal's own sandbox keys and their quotas: it states no rule of the authority",
};

const facts = new Map<string, ContentFileFacts>();

function contentFiles(lang: Language): string[] {
  const folder = path.join(root, "content", lang);
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".mdx")) : [];
}

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    for (const name of contentFiles(lang)) {
      const relative = `content/${lang}/${name}`;
      facts.set(relative, await readContentFile(readFileSync(path.join(root, relative), "utf8")));
    }
  }
}, 60_000);

describe("sources on every page that states rules", () => {
  it.each(LANGUAGES)("in %s, the last section is the sources section, with a link to a primary source", (lang) => {
    const problems: string[] = [];
    for (const name of contentFiles(lang)) {
      const id = path.basename(name, ".mdx");
      if (id in WITHOUT_SOURCES) continue;
      const relative = `content/${lang}/${name}`;
      const file = facts.get(relative);
      if (!file) continue;
      const sections = file.headings.filter((heading) => heading.depth === 2);
      const last = sections.at(-1)?.text;
      if (last !== SOURCES_HEADING[lang]) {
        problems.push(`${relative}: the last ## section is "${last ?? "(none)"}", not "${SOURCES_HEADING[lang]}"`);
        continue;
      }
      const cited = file.links.filter((link) => link.section === SOURCES_HEADING[lang]);
      if (!cited.some((link) => isPrimarySource(link.href)))
        problems.push(`${relative}: "${SOURCES_HEADING[lang]}" links no primary source (EUR-Lex, Diário da República, the AT)`);
      for (const link of cited) {
        if (!/^https:\/\//.test(link.href) && !link.href.startsWith("/areaOE/"))
          problems.push(`${relative}: source "${link.text}" is not an https:// address (${link.href})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("an announcement is labelled wherever it is cited (it is not the legal text)", () => {
  /** The markdown links of a line: [text](href). */
  const linksOf = (line: string) => [...line.matchAll(/\]\((https:\/\/[^)\s]+)\)/g)].map((match) => match[1]!);

  it.each(LANGUAGES)("in %s, each source item that links an announcement says so, and so does the page's text", (lang) => {
    const problems: string[] = [];
    for (const name of contentFiles(lang)) {
      const relative = `content/${lang}/${name}`;
      const text = readFileSync(path.join(root, relative), "utf8");
      const sourcesAt = text.indexOf(`## ${SOURCES_HEADING[lang]}`);
      let cited = false;
      text.split("\n").forEach((line, index) => {
        if (!linksOf(line).some(isAnnouncementSource)) return;
        cited = true;
        if (!ANNOUNCEMENT_LABEL[lang].test(line)) problems.push(`${relative}:${index + 1}: an announcement cited without "${ANNOUNCEMENT_LABEL[lang].source}"`);
      });
      const body = sourcesAt >= 0 ? text.slice(0, sourcesAt) : text;
      if (cited && !ANNOUNCEMENT_LABEL[lang].test(body)) problems.push(`${relative}: cites an announcement, but its text never says it is not the legal text`);
    }
    expect(problems).toEqual([]);
  });

  it("a time limit that rests on an announcement says so in its note, in both languages", () => {
    const problems = validTimeLimits(root)
      .filter((record) => isAnnouncementSource(record.source))
      .flatMap((record) => LANGUAGES.filter((lang) => !ANNOUNCEMENT_LABEL[lang].test(record.note?.[lang] ?? "")).map((lang) => `${record.id}: note (${lang})`));
    expect(problems).toEqual([]);
  });

  it("the label and the hosts catch what they were written for", () => {
    expect(ANNOUNCEMENT_LABEL.pt.test("é um anúncio, não o texto legal")).toBe(true);
    expect(ANNOUNCEMENT_LABEL.en.test("an announcement, not the legal text")).toBe(true);
    expect(ANNOUNCEMENT_LABEL.en.test("the legal text")).toBe(false);
    expect(isAnnouncementSource("https://www.portugalglobal.pt/en/news/x")).toBe(true);
    expect(isAnnouncementSource("https://eur-lex.europa.eu/eli/reg/2026/382/oj/eng")).toBe(false);
  });
});

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The language of a file: content/<lang>/…, …/locales/<lang>.json or …/locales/<lang>/x.json. */
function languageOf(file: string): Language | undefined {
  const match = /(?:content|locales)\/(pt|en)(?:\/|\.json$)/.exec(file);
  return match?.[1] as Language | undefined;
}

const TEXT_FILES = [...walk(path.join(root, "content")), ...walk(path.join(root, "app"))]
  .filter((file) => /\.(mdx|json)$/.test(file))
  .filter((file) => languageOf(file) !== undefined);

describe("no deferral to a document or to the authority", () => {
  it("no content file or locale uses a phrase of the deferral list", () => {
    const problems: string[] = [];
    for (const file of TEXT_FILES) {
      const lang = languageOf(file) as Language;
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        for (const phrase of DEFERRAL_PHRASES[lang]) {
          const found = phrase.exec(line);
          if (found) problems.push(`${path.relative(root, file)}:${index + 1}: "${found[0]}": state the rule itself`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it("the deferral list catches the phrases it was written for", () => {
    const samples = {
      pt: ["O manual indica os prazos aplicáveis.", "Confirme com a AT.", "pergunte à AT através de Contacte-nos"],
      en: ["The manual gives the time limits.", "ask AT through Contact us", "has not yet been published"],
    };
    for (const lang of LANGUAGES)
      for (const sample of samples[lang]) expect(DEFERRAL_PHRASES[lang].some((phrase) => phrase.test(sample)), sample).toBe(true);
    expect(DEFERRAL_PHRASES.pt.some((phrase) => phrase.test("Para ajuda, use Contacte-nos."))).toBe(false);
  });
});

describe("no text places a link by where it sits on the screen (true at every width)", () => {
  it("no content file or locale sends the reader to the side panel or a column", () => {
    const problems: string[] = [];
    for (const file of TEXT_FILES) {
      const lang = languageOf(file) as Language;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const phrase of LAYOUT_PHRASES[lang]) {
            const found = phrase.exec(line);
            if (found) problems.push(`${path.relative(root, file)}:${index + 1}: "${found[0]}": the side panel is below the page on a phone; link the thing itself`);
          }
        });
    }
    expect(problems).toEqual([]);
  });

  it("the list catches the wording it was written for", () => {
    expect(LAYOUT_PHRASES.pt.some((phrase) => phrase.test("use Contacte-nos, no painel lateral."))).toBe(true);
    expect(LAYOUT_PHRASES.en.some((phrase) => phrase.test("use Contact us, in the side panel."))).toBe(true);
    expect(LAYOUT_PHRASES.en.some((phrase) => phrase.test("use Contact us."))).toBe(false);
  });
});

describe("the words the pages must use", () => {
  it("the English texts never call the Union Customs Code CAU", () => {
    const problems = TEXT_FILES.filter((file) => languageOf(file) === "en")
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => /\(CAU\)|Customs Code \(?CAU|<Acronym>CAU<\/Acronym>/.test(line))
          .map(({ index }) => `${path.relative(root, file)}:${index + 1}: write "UCC" for the Union Customs Code`),
      );
    expect(problems).toEqual([]);
  });
});
