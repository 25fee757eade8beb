import i18next, { type i18n as I18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGES, LANGUAGES } from "./languages";
import { namespaces, resources } from "./resources";

export const baseI18nOptions: InitOptions = {
  resources,
  ns: namespaces,
  defaultNS: "common",
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGES,
  nonExplicitSupportedLngs: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};

/** A fresh instance for one server render, fixed to the negotiated language. */
export function createServerI18n(lang: string): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...baseI18nOptions, lng: lang });
  return instance;
}
