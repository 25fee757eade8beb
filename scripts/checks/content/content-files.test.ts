import { readFileSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { appPath, BASE_PATH } from "../../../app/config/paths";
import { FEED_IDS, feedPath } from "../../../app/config/feeds";
import { hasContentFile, ROUTED_PAGES } from "../../../app/config/site-map";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { parseRegistry } from "../../build/documents/parse-registry";
import { isCitableSource } from "./official-sources";
import { readContentFile, type ContentFileFacts } from "./read-content-file";

/**
 * Content checks (CONTRIBUTING.md "Writing page content"): while the writers are at work these fail,
 * each message naming the file, the heading or link, and what to fix.
 */
const root = process.cwd();

// Routed pages without a content file on purpose (their module renders them, or 'Coming soon' because no
// public source describes the system yet) say so in the page manifest (`content: false`, `comingSoon`).
const ROUTED = ROUTED_PAGES;
const CONTENT_PAGES = ROUTED.filter(hasContentFile);
const PATHS = new Map(ROUTED.map((page) => [appPath(page.path), page.id]));
PATHS.set(BASE_PATH, "home");
PATHS.set(appPath("/home"), "home");
// Ids every page has (layout), besides its content headings.
const LAYOUT_IDS = ["main-content", "top"];

const file = (lang: Language, id: string) => `content/${lang}/${id}.mdx`;
// Markdown percent-encodes accented anchors (#renova%C3%A7%C3%A3o); headings ids are plain text.
const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
const facts = new Map<string, ContentFileFacts>();
const compileErrors: string[] = [];

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    const folder = path.join(root, "content", lang);
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".mdx")) : [];
    for (const name of names) {
      const relative = `content/${lang}/${name}`;
      try {
        facts.set(relative, await readContentFile(readFileSync(path.join(root, relative), "utf8")));
      } catch (error) {
        compileErrors.push(`${relative}: does not compile: ${(error as Error).message}`);
      }
    }
  }
}, 60_000);

describe("content files", () => {
  it("every content file compiles", () => {
    expect(compileErrors).toEqual([]);
  });

  it.each(LANGUAGES)("every routed page has its content file in %s (or is a listed interactive or 'Coming soon' page)", (lang) => {
    const missing = CONTENT_PAGES.filter((page) => !existsSync(path.join(root, file(lang, page.id)))).map(
      (page) => `${file(lang, page.id)} is missing (page "${page.id}", /areaOE/${page.path})`,
    );
    expect(missing).toEqual([]);
  });

  it("content files exist in both languages with the same sections (number and levels of headings)", () => {
    const problems: string[] = [];
    const ids = new Set([...facts.keys()].map((name) => path.basename(name, ".mdx")));
    for (const id of ids) {
      const pt = facts.get(file("pt", id));
      const en = facts.get(file("en", id));
      if (!pt || !en) {
        problems.push(`${file(pt ? "en" : "pt", id)} is missing: ${file(pt ? "pt" : "en", id)} exists`);
        continue;
      }
      const count = Math.max(pt.headings.length, en.headings.length);
      for (let index = 0; index < count; index += 1) {
        const a = pt.headings[index];
        const b = en.headings[index];
        if (a?.depth !== b?.depth) {
          problems.push(
            `content/{pt,en}/${id}.mdx: heading #${index + 1} differs: pt ${a ? `h${a.depth} "${a.text}"` : "(none)"}, en ${b ? `h${b.depth} "${b.text}"` : "(none)"}`,
          );
          break;
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("headings start at ## (the title is the h1) and never skip a level", () => {
    const problems: string[] = [];
    for (const [name, { headings }] of facts) {
      let previous = 1;
      for (const heading of headings) {
        if (heading.depth === 1) problems.push(`${name}: "# ${heading.text}" is an h1; the page title is the only h1, start at ##`);
        else if (heading.depth > previous + 1)
          problems.push(`${name}: "${"#".repeat(heading.depth)} ${heading.text}" skips a level after h${previous}`);
        previous = heading.depth;
      }
    }
    expect(problems).toEqual([]);
  });

  /**
   * Addresses the server answers itself (no page, no public file) that content may link to: the
   * sandbox's WSDL (GET /areaOE/sandbox/soap?wsdl, server/sandbox/sandbox-router.ts) and the Atom feeds
   * (server/feeds, addresses from app/config/feeds.ts).
   */
  const SERVER_ANSWERED = new Set(["/areaOE/sandbox/soap", ...FEED_IDS.flatMap((feed) => LANGUAGES.map((lang) => feedPath(feed, lang)))]);

  it("every link has text, in-app links reach a page and an existing anchor, and the only addresses written in are public sources", () => {
    const problems: string[] = [];
    for (const [name, { links }] of facts) {
      const lang = name.split("/")[1] as Language;
      for (const { href, text } of links) {
        if (!text) problems.push(`${name}: link to "${href}" has no text`);
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
          // The law and the authority's public pages are cited by their address (every rule comes from a primary source); any other
          // address belongs to the startup configuration (<ConfigLink>) or the documents registry.
          if (!isCitableSource(href))
            problems.push(`${name}: link "${text}" writes an address (${href}); cite only public sources (scripts/checks/content/official-sources.ts), else use <ConfigLink> or the documents registry`);
          continue;
        }
        if (href.startsWith("#")) {
          const ids = [...(facts.get(name)?.headings.map((heading) => heading.id) ?? []), ...LAYOUT_IDS];
          if (!ids.includes(decode(href.slice(1)))) problems.push(`${name}: link "${text}" points to ${href}, which is not a heading of this page`);
          continue;
        }
        const [target = "", rawAnchor] = href.split("#");
        const anchor = rawAnchor === undefined ? undefined : decode(rawAnchor);
        const pathname = target.split("?")[0] ?? "";
        if (!pathname.startsWith("/areaOE")) {
          problems.push(`${name}: link "${text}" (${href}) must be a full in-app path starting with /areaOE/`);
          continue;
        }
        const pageId = PATHS.get(pathname);
        if (!pageId) {
          if (SERVER_ANSWERED.has(pathname)) continue;
          if (!existsSync(path.join(root, "public", pathname.replace(/^\/areaOE\//, ""))))
            problems.push(`${name}: link "${text}" points to ${pathname}, which is no page of the site map`);
          continue;
        }
        if (anchor) {
          const headings = facts.get(file(lang, pageId))?.headings ?? [];
          if (![...headings.map((heading) => heading.id), ...LAYOUT_IDS].includes(anchor))
            problems.push(`${name}: link "${text}" points to #${anchor}, which is no heading of ${file(lang, pageId)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("every document a page names is in the registry (content/documents/*.json)", () => {
    const folder = path.join(root, "content/documents");
    const files = Object.fromEntries(
      (existsSync(folder) ? readdirSync(folder) : [])
        .filter((name) => name.endsWith(".json"))
        .map((name) => [`content/documents/${name}`, JSON.parse(readFileSync(path.join(folder, name), "utf8")) as unknown]),
    );
    const { documents } = parseRegistry(files);
    const problems: string[] = [];
    for (const [name, facts_] of facts) {
      for (const { id, section } of facts_.documents) {
        if (!documents.has(id)) problems.push(`${name}, section "${section}": document id "${id}" is not in content/documents/*.json`);
      }
    }
    expect(problems).toEqual([]);
  });
});
