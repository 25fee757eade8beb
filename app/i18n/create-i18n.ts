import i18next, { type i18n as I18n, type InitOptions, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGES, type Language } from "./languages";
import { sharedI18nOptions } from "./i18n-options";
import { namespaces, resources } from "./resources";
import { renderView, type RenderView } from "./render-view";
import { setPageTextReader, type PageTexts } from "./page-text";
import { setDefaultTextSource } from "./texts-context";

// Server side (and tests): every text of both languages is in memory. The browser loads only its
// language's namespaces (client-i18n.ts).
export const baseI18nOptions: InitOptions = {
  ...sharedI18nOptions,
  resources,
  ns: namespaces,
  fallbackLng: FALLBACK_LANGUAGES,
};

// The default instance holds every text: meta functions read page titles from it (page-meta.ts); the
// browser reads them from its own small store (client-texts.ts).
if (!i18next.isInitialized) void i18next.init({ ...baseI18nOptions, lng: DEFAULT_LANGUAGE });

const perLanguage = new Map<string, I18n>();

/** One long-lived instance per language, built on first use and shared by every render. */
export function sharedI18n(lang: string): I18n {
  let instance = perLanguage.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({ ...baseI18nOptions, lng: lang });
    resolveLookupsOnce(instance);
    perLanguage.set(lang, instance);
  }
  return instance;
}

type Lookup = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

/**
 * Server texts never change after start, so a plain lookup (a string key, no options) is resolved once
 * per process and then read from a map; anything else (interpolation, plurals, another language, a
 * key prefix) goes through i18next as usual. react-i18next asks every component for a `t` through
 * getFixedT; all components of one namespace now share one.
 */
function resolveLookupsOnce(instance: I18n): void {
  const original = instance.getFixedT.bind(instance);
  const byNamespace = new Map<string, TFunction>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, ...more: unknown[]) => {
    const slow = original as unknown as (...args: unknown[]) => Lookup;
    if (typeof lng !== "string" || typeof ns !== "string" || keyPrefix !== undefined) return slow(lng, ns, keyPrefix, ...more);
    const id = `${lng}\u0000${ns}`;
    let t = byNamespace.get(id);
    if (!t) {
      const lookup = slow(lng, ns);
      const texts = new Map<string, unknown>();
      const fast: Lookup = (key, options, ...rest) => {
        if (typeof key !== "string" || options !== undefined || rest.length > 0) return lookup(key, options, ...rest);
        if (!texts.has(key)) texts.set(key, lookup(key));
        return texts.get(key);
      };
      t = Object.assign(fast, { lng, ns, keyPrefix: undefined }) as unknown as TFunction;
      byNamespace.set(id, t);
    }
    return t;
  }) as I18n["getFixedT"];
}

/** The i18n of one server render (or test), fixed to `lang`, recording the namespaces it uses. */
export function createServerI18n(lang: Language | string): RenderView {
  return renderView(sharedI18n(lang));
}

// Outside a render's provider (tests, scripts), components read the default language's texts.
setDefaultTextSource(sharedI18n(DEFAULT_LANGUAGE));

/**
 * Found page texts by language and page id. A lookup with fallbacks and `returnObjects` is slow (on
 * the server two per request were ~7% of a page's render), and the texts only change when i18next
 * adds or removes a bundle, which empties the memo.
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

setPageTextReader((id, lang) => {
  const memoise = watchStore();
  const key = `${lang}\u0000${id}`;
  const known = memo.get(key);
  if (known) return known;
  const texts: unknown = i18next.t(id, { lng: lang, ns: "pages", fallbackLng: FALLBACK_LANGUAGES, returnObjects: true, defaultValue: null });
  if (typeof texts !== "object" || texts === null) return undefined;
  // Only a lookup in the asked language is kept: a fallback may be replaced when that language loads.
  if (memoise && i18next.getResource(lang, "pages", id) !== undefined) memo.set(key, texts as PageTexts);
  return texts as PageTexts;
});
