import pt from "../../app/features/session/locales/pt.json";
import en from "../../app/features/session/locales/en.json";
import type { Language } from "../../app/i18n/languages";

export type SessionTexts = typeof en;

/** The `session` namespace texts, for pages and answers the server renders without React. */
export function sessionTexts(lang: Language): SessionTexts {
  return lang === "en" ? en : pt;
}
