import type { ComponentType } from "react";
import type { UsefulLinksDeclaration } from "~/config/public-config";
import type { TocEntry } from "./on-this-page";
import type { Language } from "~/i18n/languages";

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
