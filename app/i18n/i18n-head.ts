import type { i18n as I18n } from "i18next";
import { resources, localeSources } from "./resources";
import { ALWAYS_LOADED_NAMESPACES, localeKey } from "./locale-files";
import { bootstrapElement } from "./i18n-bootstrap";
import { usedNamespaces } from "./render-view";
import { LANGUAGES } from "./languages";

/** The browser chunk URLs of one source file and what it imports (from the client build manifest). */
export type LocaleChunks = (source: string) => string[];

/**
 * What goes at the end of <head> after a server render: a modulepreload link for each namespace the
 * render used (in the page's language only, so hydration needs no extra round trip), and the
 * bootstrap that tells the browser which namespaces to load before hydrating.
 */
export function i18nHeadElements(i18n: I18n, lang: string, chunks?: LocaleChunks): string {
  const namespaces = [...new Set([...ALWAYS_LOADED_NAMESPACES, ...usedNamespaces(i18n)])].filter(
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
      (resources[other]?.common as { language?: Record<string, string> } | undefined)?.language ?? {},
    ]),
  );
  const links = [...urls].map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
  return links + bootstrapElement({ namespaces, languageNames });
}
