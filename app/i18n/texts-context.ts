import { createContext } from "react";
import type { Bundle, SmallT } from "./small-t";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

/**
 * Where components get their texts: on the server the render's texts (server-texts.ts), in an island in
 * the browser the namespaces the server wrote into the page (app/islands/fixed-texts.ts). Both answer the
 * same few questions, so no component knows which one it has.
 */
export interface TextSource {
  /** The language the page is shown in. */
  readonly language: string;
  /** A `t` fixed to a language and namespace (and key prefix); its keys are typed by `useTranslation`. */
  getFixedT(lng: string, ns: string, keyPrefix?: string): SmallT;
  /** One namespace's texts in a language, if held (an island holds only what the server wrote for it). */
  bundle(lng: string, ns: string): Bundle | undefined;
  /** The server's render records the namespaces it used (an island's JSON carries them). */
  readonly reportNamespaces?: { addUsedNamespaces(namespaces: readonly string[]): void };
}

export const TextsContext = createContext<TextSource | undefined>(undefined);

let fallbackSource: TextSource | undefined;

/** The source used outside a provider (the server's default language, or an island page's texts). */
export function setDefaultTextSource(source: TextSource): void {
  fallbackSource = source;
}

export function defaultTextSource(): TextSource {
  if (!fallbackSource) throw new Error("No texts: neither a TextsContext provider nor a default text source");
  return fallbackSource;
}

export interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/**
 * Page titles for `meta` functions and search results, which run outside React and cannot use hooks:
 * the `pages` namespace of the text source outside a provider (the server: every language; an island
 * page in the browser: the page's language, from its islands' JSON), in the asked language, then the
 * fallbacks.
 */
export function pageText(id: string, lang: Language): PageTexts {
  const source = defaultTextSource();
  for (const language of [lang, ...FALLBACK_LANGUAGES]) {
    const page = source.bundle(language, "pages")?.[id];
    if (typeof page === "object" && page !== null) return page as PageTexts;
  }
  throw new Error(`No texts for page ${id}`);
}
