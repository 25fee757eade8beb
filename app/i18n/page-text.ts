import type { Language } from "./languages";

export interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/** Reads one page's texts in a language (with fallbacks), or undefined. */
export type PageTextReader = (id: string, lang: Language) => PageTexts | undefined;

let reader: PageTextReader | undefined;

/**
 * Where page texts come from: on the server every language's `pages` namespace (server-texts.ts); in
 * the browser the client store's `pages` namespace of the page's language, which is always loaded
 * (client-texts.ts, locale-files.ts).
 */
export function setPageTextReader(read: PageTextReader): void {
  reader = read;
}

/** Page titles for `meta` functions and search results, which run outside React and cannot use hooks. */
export function pageText(id: string, lang: Language): PageTexts {
  const texts = reader?.(id, lang);
  if (!texts) throw new Error(`No texts for page ${id}`);
  return texts;
}
