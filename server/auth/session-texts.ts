import { sessionLocales, type Language } from "../../app/server-surface";

export type SessionTexts = (typeof sessionLocales)["en"];

/** The `session` namespace texts, for pages and answers the server renders without React. */
export function sessionTexts(lang: Language): SessionTexts {
  return sessionLocales[lang];
}
