/** One searchable unit: a page's introduction or one of its `##` sections. */
export interface SearchDocument {
  /** "<page-id>" for the introduction, "<page-id>#<anchor>" for a section. */
  id: string;
  pageId: string;
  /** The section's heading id (rehype-slug), "" for the introduction. */
  anchor: string;
  /** The page title (introduction only, so a title match ranks the page itself first). */
  title: string;
  /** The `##` heading; sub-headings are part of `text`. */
  heading: string;
  /** Plain text of the section, documents' titles included (indexed, not stored). */
  text: string;
  /** The start of `text`, stored for the passage shown under a result. */
  passage: string;
  /** Glossary expansions of the acronyms the section uses (EORI → Economic Operators Registration…). */
  terms: string;
}

/** Stored passages are cut here: enough for a passage around the match, not the whole page twice. */
export const STORED_TEXT_LIMIT = 1200;
