import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { SITE_PAGES } from "../../../app/config/site-map";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";

/**
 * A page of text keeps its title (the h1 and the document title), breadcrumb label, summary (meta
 * description, search results, its card) and review date in the YAML front matter of its content file:
 *
 *     ---
 *     title: Importação
 *     breadcrumb: Importação
 *     summary: STADA Importação CAU, remessas de baixo valor (RBV) e DAIN.
 *     reviewed: 2026-11-26
 *     ---
 *
 * Collected here at build time, the texts join the `pages` namespace (app/i18n/locales/<lang>/pages.json
 * keeps only the pages without a content file) and the dates become the page reviews
 * (vite-plugin-page-front-matter.ts), so every reader of either sees one set. The search index and the
 * content checks read them through the same functions.
 */

export interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

export interface PageReview {
  /** Calendar date of the last review against the page's sources, YYYY-MM-DD. */
  reviewed: string;
}

export interface CollectedFrontMatter {
  /** Language → page id → its texts, from content/<lang>/<id>.mdx. */
  texts: Record<Language, Record<string, PageTexts>>;
  /** Page id → its review (one date per page: both languages' files state the same). */
  reviews: Record<string, PageReview>;
  /** Every content file read, absolute: what the collected data depends on. */
  files: string[];
}

const nonEmptyText = z
  .string({ error: (issue) => (issue.input === undefined ? "missing" : "must be a text") })
  .refine((value) => value.trim().length > 0, "must not be empty");

/** The front matter of a content file. `heading` (an h1 other than the title) stays with the file. */
const frontMatterSchema = z.strictObject(
  {
    title: nonEmptyText,
    breadcrumb: nonEmptyText,
    summary: nonEmptyText,
    // A quoted or plain YYYY-MM-DD is a string in YAML 1.2; the day must exist (no 2026-02-30).
    reviewed: z.iso.date({ error: (issue) => (issue.input === undefined ? "missing" : "must be a date YYYY-MM-DD") }),
    heading: nonEmptyText.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key(s) ${issue.keys.join(", ")}` : undefined) },
);

// As remark-frontmatter reads it: a `---` line first, the YAML, a closing `---` line.
const FRONT_MATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The YAML text of a content file's front matter, or undefined when the file has none. */
export function frontMatterYaml(source: string): string | undefined {
  const match = FRONT_MATTER.exec(source);
  return match ? (match[1] ?? "") : undefined;
}

/** "content/pt/import.mdx": a content file's path as the messages name it. */
function shortName(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}

/** The problems of one content file's front matter ("content/pt/x.mdx, key title: missing"), and its data when valid. */
export function parseFrontMatter(source: string, name: string): { data?: z.infer<typeof frontMatterSchema>; problems: string[] } {
  const yaml = frontMatterYaml(source);
  if (yaml === undefined) return { problems: [`${name}: no front matter (a --- block first, with title, breadcrumb, summary, reviewed)`] };
  let raw: unknown;
  try {
    raw = parseYaml(yaml);
  } catch (error) {
    return { problems: [`${name}: front matter is not valid YAML: ${(error as Error).message.split("\n")[0]}`] };
  }
  const parsed = frontMatterSchema.safeParse(raw ?? {});
  if (parsed.success) return { data: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => `${name}, ${issue.path.length > 0 ? `key ${issue.path.join(".")}` : "front matter"}: ${issue.message}`),
  };
}

/** content/<lang>/*.mdx under root, sorted. */
export function contentFiles(root: string, lang: Language): string[] {
  const folder = path.join(root, "content", lang);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".mdx"))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Reads every content file's front matter; throws one error naming every file and key that is wrong. */
export function collectFrontMatter(root: string): CollectedFrontMatter {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as CollectedFrontMatter["texts"];
  const reviews: Record<string, PageReview> = {};
  const reviewSource: Record<string, string> = {};
  const files: string[] = [];
  const problems: string[] = [];
  for (const lang of LANGUAGES) {
    for (const file of contentFiles(root, lang)) {
      files.push(file);
      const name = shortName(root, file);
      const id = path.basename(file, ".mdx");
      const { data, problems: fileProblems } = parseFrontMatter(readFileSync(file, "utf8"), name);
      problems.push(...fileProblems);
      if (!data) continue;
      texts[lang][id] = { title: data.title, breadcrumb: data.breadcrumb, summary: data.summary };
      const earlier = reviews[id];
      if (!earlier) {
        reviews[id] = { reviewed: data.reviewed };
        reviewSource[id] = name;
      } else if (earlier.reviewed !== data.reviewed) {
        problems.push(`${name}, key reviewed: ${data.reviewed}, but ${reviewSource[id]} says ${earlier.reviewed} (a page has one review date)`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`Invalid front matter in the content files:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  return { texts, reviews, files };
}

/** app/i18n/locales/<lang>/pages.json under root. */
export function pagesJsonFile(root: string, lang: Language): string {
  return path.join(root, "app", "i18n", "locales", lang, "pages.json");
}

/**
 * The `pages` namespace of one language as the portal sees it: pages.json (the pages without a content
 * file, and the unavailable screen's title) joined by the content files' texts, in manifest order. A
 * page with texts in both places fails: each page's texts are in one place.
 */
export function pagesNamespace(
  json: Record<string, unknown>,
  collected: Record<string, PageTexts>,
  jsonName = "pages.json",
): Record<string, unknown> {
  const twice = Object.keys(collected).filter((id) => id in json);
  if (twice.length > 0) {
    throw new Error(`${jsonName} has texts of pages whose content file has them in its front matter: ${twice.join(", ")} (keep them in the front matter only)`);
  }
  const merged: Record<string, unknown> = { ...json, ...collected };
  const order = [...SITE_PAGES.map((page) => page.id as string), ...Object.keys(merged)];
  return Object.fromEntries([...new Set(order)].filter((id) => id in merged).map((id) => [id, merged[id]]));
}

/** The `pages` namespace of one language read from disk (for the search index, the checks and the browser tests). */
export function readPagesNamespace(root: string, lang: Language, collected = collectFrontMatter(root)): Record<string, unknown> {
  const file = pagesJsonFile(root, lang);
  const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return pagesNamespace(json, collected.texts[lang], shortName(root, file));
}
