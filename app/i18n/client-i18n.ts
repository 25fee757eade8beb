import i18next, { type i18n as I18n } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { sharedI18nOptions } from "./i18n-options";
import { loadLocale } from "./locale-modules";
import type { I18nBootstrap } from "./i18n-bootstrap";

/**
 * The browser's i18n: the default i18next instance, in the language the server rendered (<html lang>;
 * no detector ships), with only that language's namespaces that the page uses, loaded before
 * hydration (already preloaded by the server, so no extra round trip and no flash of keys). Other
 * namespaces load when a page that needs them is first shown. No fallback language: every key exists
 * in both languages (app/i18n/resources.test.ts), so a fallback would only download the other one.
 */
export async function initClientI18n(lang: string, bootstrap: I18nBootstrap): Promise<I18n> {
  await i18next
    .use(resourcesToBackend(loadLocale))
    .use(initReactI18next)
    .init({ ...sharedI18nOptions, lng: lang, ns: bootstrap.namespaces, fallbackLng: false, load: "currentOnly" });
  addLanguageNames(lang, bootstrap.languageNames);
  return i18next;
}

/** The other languages' names (common:language.*), so the switcher names each in its own language. */
function addLanguageNames(current: string, names: I18nBootstrap["languageNames"]): void {
  for (const [lang, language] of Object.entries(names)) {
    if (lang !== current) i18next.addResourceBundle(lang, "common", { language }, true, false);
  }
}

/**
 * Switches the browser to another language (a language link followed without reloading): loads that
 * language's namespaces in full first (the partial bundle of its names must not count as loaded).
 */
export async function switchClientLanguage(lang: string): Promise<void> {
  if (i18next.language === lang) return;
  await i18next.reloadResources([lang]);
  await i18next.changeLanguage(lang);
}
