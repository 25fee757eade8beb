import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import MiniSearch from "minisearch";
import { SITE_PAGES } from "../../../app/config/site-map";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { parseRegistry } from "../documents/parse-registry";
import { searchIndexOptions } from "../../../app/features/search/search-options";
import { STORED_TEXT_LIMIT, type SearchDocument } from "../../../app/features/search/search-document";
import { extractSections } from "./extract-sections";
import { readPagesNamespace } from "../content/page-front-matter";

type Glossary = Record<string, Partial<Record<Language, string>>>;
type PageTexts = Record<string, { title?: string; summary?: string }>;

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, "utf8")) as T;
}

async function readJsonFolder(folder: string): Promise<Record<string, unknown>> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.filter((name) => name.endsWith(".json")).map(async (name) => [path.join(folder, name), await readJson(path.join(folder, name))]),
  );
  return Object.fromEntries(entries);
}

async function readOptional(file: string): Promise<string | undefined> {
  return readFile(file, "utf8").catch(() => undefined);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The glossary meanings of the acronyms a text uses, so 'external user management' finds the GUE sections. */
function glossaryTerms(text: string, glossary: Glossary, lang: Language): string {
  return Object.entries(glossary)
    .filter(([term]) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, "u").test(text))
    .map(([term, meaning]) => `${term} ${meaning[lang] ?? ""}`.trim())
    .join(" ");
}

/** The pages a visitor can reach (ICS2 is not routed, the search page does not index itself). */
export const INDEXED_PAGES = SITE_PAGES.filter((page) => !("routed" in page) && page.id !== "search").map((page) => page.id);

/** Every searchable unit of one language: each page's introduction (title, summary) and `##` sections. */
export async function collectSearchDocuments(root: string, lang: Language): Promise<SearchDocument[]> {
  // The `pages` namespace as the portal has it: pages.json with the content files' front matter.
  const pages = readPagesNamespace(root, lang) as PageTexts;
  const glossaryFiles = await readJsonFolder(path.join(root, "content/glossary"));
  const glossary: Glossary = Object.assign({}, ...Object.values(glossaryFiles));
  const { documents } = parseRegistry(await readJsonFolder(path.join(root, "content/documents")));
  const result: SearchDocument[] = [];
  for (const pageId of INDEXED_PAGES) {
    const title = pages[pageId]?.title ?? pageId;
    const summary = pages[pageId]?.summary ?? "";
    const source = await readOptional(path.join(root, "content", lang, `${pageId}.mdx`));
    const sections = source ? await extractSections(source) : [];
    const intro = sections[0]?.anchor === "" ? sections.shift() : undefined;
    const all = [{ anchor: "", heading: "", text: [summary, intro?.text].filter(Boolean).join(" "), documentIds: intro?.documentIds ?? [] }, ...sections];
    for (const section of all) {
      const documentTitles = section.documentIds.map((id) => documents.get(id)?.title[lang]).filter(Boolean);
      const text = [section.text, ...documentTitles].join(" ").trim();
      result.push({
        id: section.anchor ? `${pageId}#${section.anchor}` : pageId,
        pageId,
        anchor: section.anchor,
        title: section.anchor ? "" : title,
        heading: section.heading,
        text,
        passage: text.slice(0, STORED_TEXT_LIMIT),
        terms: glossaryTerms(`${section.anchor ? "" : title} ${section.heading} ${text}`, glossary, lang),
      });
    }
  }
  return result;
}

/** One serialized MiniSearch index per language (`JSON.stringify(miniSearch)`, loaded with `loadJSON`). */
export async function buildSearchIndex(root: string, lang: Language): Promise<string> {
  const miniSearch = new MiniSearch<SearchDocument>(searchIndexOptions(lang));
  miniSearch.addAll(await collectSearchDocuments(root, lang));
  return JSON.stringify(miniSearch);
}

export async function buildSearchIndexes(root: string): Promise<Record<Language, string>> {
  const entries = await Promise.all(LANGUAGES.map(async (lang) => [lang, await buildSearchIndex(root, lang)] as const));
  return Object.fromEntries(entries) as Record<Language, string>;
}
