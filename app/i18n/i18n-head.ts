import { resources, localeSources } from "./resources";
import { ALWAYS_LOADED_NAMESPACES, localeKey } from "./locale-files";
import { bootstrapElement } from "./i18n-bootstrap";
import type { RenderTexts } from "./server-texts";
import { LANGUAGES } from "./languages";

/** The browser chunk URLs of one source file and what it imports (from the client build manifest). */
export type LocaleChunks = (source: string) => string[];

/**
 * What goes at the end of <head> after a server render: a modulepreload link for each namespace the
 * render used (in the page's language only, so hydration needs no extra round trip), and the
 * bootstrap that tells the browser which namespaces to load before hydrating.
 */
export function i18nHeadElements(texts: RenderTexts, lang: string, chunks?: LocaleChunks): string {
  const namespaces = [...new Set([...ALWAYS_LOADED_NAMESPACES, ...texts.usedNamespaces()])].filter(
    (namespace) => localeSources[localeKey(lang, namespace)] !== undefined,
  );
  const urls = new Set(
    namespaces.flatMap((namespace) => {
      const source = localeSources[localeKey(lang, namespace)];
      return source && chunks ? chunks(source) : [];
    }),
  );
  const languageNames = Object.fromEntries(
    LANGUAGES.filter((other) => other !== lang).map((other) => [
      other,
      (resources[other]?.common?.language as Record<string, string> | undefined) ?? {},
    ]),
  );
  const links = [...urls].map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
  return links + bootstrapElement({ namespaces, languageNames });
}
