import { use } from "react";
import { useLanguage } from "~/i18n/use-language";
import type { ContentByLanguage } from "./content-module";
import { loadContent, loadedContent } from "./lazy-content";

/**
 * The page's content in the current language. It is normally loaded already (by the route's loaders
 * on the server and on navigation, by entry.client before hydration); otherwise the render waits for
 * it (React `use`), which a navigation's transition shows as the previous page staying in place.
 */
export function useLazyContent(pageId: string): ContentByLanguage {
  const lang = useLanguage();
  return loadedContent(pageId, lang) ?? use(loadContent(pageId, lang));
}
