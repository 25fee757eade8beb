import type { Language } from "~/i18n/languages";
import { hasLazyContent, lazyContentSource } from "./lazy-content";
import { jsonInScript } from "~/lib/json-in-script";

/**
 * The server tells the browser which page's content file to load before hydrating, in a JSON data
 * block in <head> (no script runs it, so the CSP is not involved), and preloads that file's chunk.
 */
export const CONTENT_BOOTSTRAP_ID = "areaoe-content";

/**
 * The modulepreload links of the page's content chunk and the data block, for the end of <head>;
 * empty for a page without a lazily loaded content file. `chunks` gives the browser URLs of a source
 * file and of what it imports (from the client build manifest; absent in development).
 */
export function contentHeadElements(pageId: string | undefined, lang: Language, chunks?: (source: string) => string[]): string {
  if (!pageId || !hasLazyContent(pageId)) return "";
  const source = lazyContentSource(pageId, lang);
  const links = (source && chunks ? chunks(source) : []).map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
  const json = jsonInScript({ page: pageId });
  return `${links}<script type="application/json" id="${CONTENT_BOOTSTRAP_ID}">${json}</script>`;
}

/** The page id written by the server, if the document's page has a lazily loaded content file. */
export function readContentBootstrap(doc: Document): string | undefined {
  const text = doc.getElementById(CONTENT_BOOTSTRAP_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { page?: unknown };
    return typeof parsed.page === "string" ? parsed.page : undefined;
  } catch {
    return undefined;
  }
}
