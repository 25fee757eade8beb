export const LANGUAGES = ["pt", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Portuguese is the first fallback language, English the second. */
export const FALLBACK_LANGUAGES: Language[] = ["pt", "en"];
export const DEFAULT_LANGUAGE: Language = "pt";
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_QUERY = "lang";

/** The Intl locale of each language, for dates and numbers (English as written in Europe: en-GB). */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { pt: "pt-PT", en: "en-GB" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
