import { INTL_LOCALES, type Language } from "~/i18n/languages";


/** "2024-03-05" → "5 de março de 2024" / "5 March 2024"; UTC so server and browser agree. */
export function formatDocumentDate(isoDate: string, lang: Language): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: "long", timeZone: "UTC" }).format(date);
}
