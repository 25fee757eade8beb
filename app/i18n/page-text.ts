import i18next from "i18next";
import { FALLBACK_LANGUAGES, type Language } from "./languages";

interface PageTexts {
  title: string;
  breadcrumb: string;
  summary: string;
}

/**
 * Found page texts by language and page id. A lookup with fallbacks and `returnObjects` is slow (on
 * the server two per request were ~7% of a page's render), and the texts only change when i18next
 * adds or removes a bundle (the browser loading a language), which empties the memo.
 */
const memo = new Map<string, PageTexts>();
let watched: object | undefined;

/** Whether results may be kept: only once the instance has its store, which then tells of changes. */
function watchStore(): boolean {
  const store = i18next.store as typeof i18next.store | undefined;
  if (!store) return false;
  if (watched !== store) {
    watched = store;
    memo.clear();
    const forget = () => memo.clear();
    store.on("added", forget);
    store.on("removed", forget);
  }
  return true;
}

/**
 * Page titles for `meta` functions and search results, which run outside React and cannot use hooks.
 * They are read through i18next (its fallback languages included) from the default instance: on the
 * server it holds every text (create-i18n.ts), in the browser the `pages` namespace of the page's
 * language, which is always loaded (locale-files.ts).
 */
export function pageText(id: string, lang: Language): PageTexts {
  const memoise = watchStore();
  const key = `${lang}\u0000${id}`;
  const known = memo.get(key);
  if (known) return known;
  // The fallback languages are named here because the browser's instance has none of its own: during
  // a language switch a meta function may ask for a language whose texts are still loading.
  const texts: unknown = i18next.t(id, { lng: lang, ns: "pages", fallbackLng: FALLBACK_LANGUAGES, returnObjects: true, defaultValue: null });
  if (typeof texts !== "object" || texts === null) throw new Error(`No texts for page ${id}`);
  // Only a lookup in the asked language is kept: a fallback may be replaced when that language loads.
  if (memoise && i18next.getResource(lang, "pages", id) !== undefined) memo.set(key, texts as PageTexts);
  return texts as PageTexts;
}
