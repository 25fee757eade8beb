import { FALLBACK_LANGUAGES, type Language } from "~/i18n/languages";
import { chunkLoadErrorFrom } from "~/lib/chunk-load-error";
import { loadOnceByKey } from "~/lib/load-once";
import type { ContentByLanguage, ContentModule } from "./content-module";

// The content files of every page, not bundled: each file is its own chunk, loaded for the page being
// shown in its language only (the server preloads it before hydration). The pages with widgets
// (app/routes/<page>.tsx) load theirs the same way, so a hydrated page carries one language's text,
// not both. Left out: ICS2 (not routed).
const files = import.meta.glob<ContentModule>(["../../../content/*/*.mdx", "!**/ics2.mdx"]);

const key = (lang: string, pageId: string) => `../../../content/${lang}/${pageId}.mdx`;
const languageOfFile = (file: string) => file.split("/")[4] as Language;

/** Loaded files, by glob key: what a render reads without waiting. */
const loaded = new Map<string, ContentByLanguage>();

/**
 * Each file is fetched once per document; a load that failed (a chunk that did not arrive) is
 * forgotten, so the next navigation tries again, and it fails as a ChunkLoadError that names the chunk,
 * so that the error screen's Retry can fetch it under a fresh address.
 */
const loadFile = loadOnceByKey(async (file: string): Promise<ContentByLanguage> => {
  let module: ContentModule;
  try {
    module = await files[file]!();
  } catch (cause) {
    throw chunkLoadErrorFrom(cause, globalThis.location?.origin ?? "");
  }
  const content: ContentByLanguage = { [languageOfFile(file)]: module };
  loaded.set(file, content);
  return content;
});

/** The language whose file a page shows: the visitor's, else the first fallback that has one. */
function shownLanguage(pageId: string, lang: Language): Language | undefined {
  return [lang, ...FALLBACK_LANGUAGES].find((candidate) => key(candidate, pageId) in files);
}

/** Does the page have a lazily loaded content file (in any language)? */
export function hasLazyContent(pageId: string): boolean {
  return FALLBACK_LANGUAGES.some((lang) => key(lang, pageId) in files);
}

/** The file shown for a page in a language, relative to the project root as in Vite's build manifest. */
export function lazyContentSource(pageId: string, lang: Language): string | undefined {
  const shown = shownLanguage(pageId, lang);
  return shown ? `content/${shown}/${pageId}.mdx` : undefined;
}

const NO_CONTENT: ContentByLanguage = {};
const NO_CONTENT_LOAD = Promise.resolve(NO_CONTENT);

/**
 * The page's content in a language (or its fallback) if already loaded: what a render reads. It holds
 * the one language shown, so ContentPage picks it and marks a fallback with its `lang` attribute. A
 * page without a file has no content ('Coming soon').
 */
export function loadedContent(pageId: string, lang: Language): ContentByLanguage | undefined {
  const shown = shownLanguage(pageId, lang);
  return shown ? loaded.get(key(shown, pageId)) : NO_CONTENT;
}

/** Loads the page's content in a language (or its fallback): the same promise for the same file. */
export function loadContent(pageId: string, lang: Language): Promise<ContentByLanguage> {
  const shown = shownLanguage(pageId, lang);
  const file = shown ? key(shown, pageId) : undefined;
  if (!shown || !file || !files[file]) return NO_CONTENT_LOAD;
  return loadFile(file);
}
