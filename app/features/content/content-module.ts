import type { ComponentType } from "react";
import type { UsefulLinksDeclaration } from "../../config/public-config";
import type { TocEntry } from "./on-this-page";
import { isLanguage, type Language } from "../../i18n/languages";

export interface ContentFrontmatter {
  /** Optional heading that replaces the page title as h1. */
  heading?: string;
}

/** What a compiled content file (content/<lang>/<page-id>.mdx) exports. */
export interface ContentModule {
  default: ComponentType<{ components?: Record<string, unknown> }>;
  frontmatter?: ContentFrontmatter;
  /** A page may replace or extend the side panel's Useful Links. */
  usefulLinks?: UsefulLinksDeclaration;
  /** Headings of the file, exported at build time by rehype-extract-toc. */
  tableOfContents?: TocEntry[];
}

export type ContentByLanguage = Partial<Record<Language, ContentModule>>;

/** Turns an `import.meta.glob` of content/<lang>/<id>.mdx into modules keyed by language. */
export function byLanguage(glob: Record<string, unknown>): ContentByLanguage {
  const result: ContentByLanguage = {};
  for (const [file, module] of Object.entries(glob)) {
    const lang = /content\/([^/]+)\/[^/]+\.mdx$/.exec(file)?.[1];
    if (isLanguage(lang)) result[lang] = module as ContentModule;
  }
  return result;
}

/** The route handle of a content page: its Useful Links declaration, if the content has one. */
export function contentHandle(content: ContentByLanguage, pageId: string) {
  const usefulLinks = content.pt?.usefulLinks ?? content.en?.usefulLinks;
  return usefulLinks ? { pageId, usefulLinks } : { pageId };
}
