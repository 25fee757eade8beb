import { createContext } from "react";
import type { Bundle, SmallT } from "./small-t";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

/**
 * Where components get their texts: on the server the render's texts (server-texts.ts), in the browser
 * the small client store (client-texts.ts), which holds only the namespaces the page uses.
 * Both answer the same few questions, so no component knows which one it has.
 */
export interface TextSource {
  /** The language the page is shown in. */
  readonly language: string;
  /** A `t` fixed to a language and namespace (and key prefix); its keys are typed by `useTranslation`. */
  getFixedT(lng: string, ns: string, keyPrefix?: string): SmallT;
  /** One namespace's texts in a language, if held (the browser holds only what its pages loaded). */
  bundle(lng: string, ns: string): Bundle | undefined;
  /** The server's render records the namespaces it used, for the browser's preload. */
  readonly reportNamespaces?: { addUsedNamespaces(namespaces: readonly string[]): void };
  /** The browser: a promise while a namespace of `lng` is still loading, else undefined. */
  pending?(lng: string, namespaces: readonly string[]): Promise<unknown> | undefined;
  /** The browser: a new language or namespace loaded (for useSyncExternalStore). */
  subscribe?(listener: () => void): () => void;
  version?(): number;
}

export const TextsContext = createContext<TextSource | undefined>(undefined);

let fallbackSource: TextSource | undefined;

/** The source used outside a provider (the server's default language, or the browser's store). */
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
 * the `pages` namespace of the text source outside a provider (the server: every language; the
 * browser: the languages it loaded), in the asked language, then the fallbacks. The browser's meta may
 * ask for a language still loading (a language switch): a loaded one answers meanwhile. (Here, not in a
 * module of its own: this module is in every page's first-load chunk, so it costs no request.)
 */
export function pageText(id: string, lang: Language): PageTexts {
  const source = defaultTextSource();
  for (const language of [lang, ...FALLBACK_LANGUAGES]) {
    const page = source.bundle(language, "pages")?.[id];
    if (typeof page === "object" && page !== null) return page as PageTexts;
  }
  throw new Error(`No texts for page ${id}`);
}
