import { currentClientTexts } from "./client-texts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_QUERY, type Language } from "./languages";

/**
 * The language of a page the browser loads itself (a client loader, outside React, where
 * `useLanguage()` cannot be called): an explicit `?lang=` of its address, as the server reads it first,
 * else the language of the browser's texts, the same source `useLanguage()` reads.
 */
export function navigationLanguage(url: URL): Language {
  const asked = url.searchParams.get(LANGUAGE_QUERY);
  if (isLanguage(asked)) return asked;
  const current = currentClientTexts()?.language;
  return isLanguage(current) ? current : DEFAULT_LANGUAGE;
}
