import type { InitOptions } from "i18next";
import { LANGUAGES } from "./languages";

/** The options the server's and the browser's i18n instances share (texts are loaded differently). */
export const sharedI18nOptions: InitOptions = {
  defaultNS: "common",
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};
