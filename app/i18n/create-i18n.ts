import i18next, { type i18n as I18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGES, type Language } from "./languages";
import { sharedI18nOptions } from "./i18n-options";
import { namespaces, resources } from "./resources";
import { renderView, type RenderView } from "./render-view";

// Server side (and tests): every text of both languages is in memory. The browser loads only its
// language's namespaces (client-i18n.ts).
export const baseI18nOptions: InitOptions = {
  ...sharedI18nOptions,
  resources,
  ns: namespaces,
  fallbackLng: FALLBACK_LANGUAGES,
};

// The default instance holds every text: meta functions read page titles from it (page-meta.ts),
// exactly as they do in the browser, where entry.client initialises the same default instance.
if (!i18next.isInitialized) void i18next.use(initReactI18next).init({ ...baseI18nOptions, lng: DEFAULT_LANGUAGE });

const perLanguage = new Map<string, I18n>();

/** One long-lived instance per language, built on first use and shared by every render. */
export function sharedI18n(lang: string): I18n {
  let instance = perLanguage.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({ ...baseI18nOptions, lng: lang });
    perLanguage.set(lang, instance);
  }
  return instance;
}

/** The i18n of one server render (or test), fixed to `lang`, recording the namespaces it uses. */
export function createServerI18n(lang: Language | string): RenderView {
  return renderView(sharedI18n(lang));
}
