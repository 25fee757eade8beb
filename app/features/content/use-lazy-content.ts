import { use } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { DEFAULT_LANGUAGE, isLanguage } from "../../i18n/languages";
import type { ContentByLanguage } from "./content-module";
import { loadContent, loadedContent } from "./lazy-content";

/**
 * The page's content in the current language. It is normally loaded already (by the route's loaders
 * on the server and on navigation, by entry.client before hydration); otherwise the render waits for
 * it (React `use`), which a navigation's transition shows as the previous page staying in place.
 */
export function useLazyContent(pageId: string): ContentByLanguage {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return loadedContent(pageId, lang) ?? use(loadContent(pageId, lang));
}
