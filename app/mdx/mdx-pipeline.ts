import remarkGfm from "remark-gfm";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import rehypeSlug from "rehype-slug";
import rehypeExtractToc from "@stefanprobst/rehype-extract-toc";
import rehypeExportToc from "@stefanprobst/rehype-extract-toc/mdx";
import rehypeLiteralFragments from "./rehype-literal-fragments";

/**
 * How the site compiles content files (vite.config.ts), in one place so the content checks compile
 * them the same way and check what visitors get.
 */
export const remarkPlugins = [remarkGfm, remarkFrontmatter, remarkMdxFrontmatter];
// Headings get ids, in-page links use the same literal form as those ids, and each content file
// exports its `tableOfContents` for 'On this page'.
export const rehypePlugins = [rehypeSlug, rehypeLiteralFragments, rehypeExtractToc, rehypeExportToc];
