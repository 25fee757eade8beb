import { useTranslation } from "./use-translation";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * The language the page is rendered in, as a `Language`: the texts' language, which the server
 * negotiated (root loader) and the browser switches to once a language's texts are loaded, so
 * components read it here instead of narrowing `i18n.language` or passing a `lang` prop down.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
