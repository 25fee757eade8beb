import type { CompileOptions } from "@mdx-js/mdx";
import { parse as parseYaml } from "yaml";
import remarkGfm from "remark-gfm";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import rehypeSlug from "rehype-slug";
import rehypeExtractToc from "@stefanprobst/rehype-extract-toc";
import rehypeExportToc from "@stefanprobst/rehype-extract-toc/mdx";
import rehypeLiteralFragments from "./rehype-literal-fragments";

/**
 * Front matter keys read at build time into the `pages` namespace (title, breadcrumb, summary) and the
 * review dates (scripts/build/content/page-front-matter.ts). Every page already has them from there, so no
 * content module exports them a second time.
 */
export const COLLECTED_FRONT_MATTER_KEYS = ["title", "breadcrumb", "summary", "reviewed"] as const;

/** What a content module exports as `frontmatter`: its front matter without the collected keys (undefined when nothing is left). */
export function moduleFrontMatter(yaml: string): Record<string, unknown> | undefined {
  const data: unknown = parseYaml(yaml);
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const rest = Object.fromEntries(
    Object.entries(data).filter(([key]) => !(COLLECTED_FRONT_MATTER_KEYS as readonly string[]).includes(key)),
  );
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/**
 * How the site compiles content files (vite.config.ts), in one place so the content checks compile
 * them the same way and check what visitors get. A module's `frontmatter` export keeps only what the
 * page reads from the module (`heading`).
 */
export const remarkPlugins: NonNullable<CompileOptions["remarkPlugins"]> = [
  remarkGfm,
  remarkFrontmatter,
  [remarkMdxFrontmatter, { parsers: { yaml: moduleFrontMatter } }],
];
// Headings get ids, in-page links use the same literal form as those ids, and each content file
// exports its `tableOfContents` for 'On this page'.
export const rehypePlugins: NonNullable<CompileOptions["rehypePlugins"]> = [rehypeSlug, rehypeLiteralFragments, rehypeExtractToc, rehypeExportToc];
