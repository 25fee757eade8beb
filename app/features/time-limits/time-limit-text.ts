import type { TFunction } from "~/i18n/text-keys";
import { INTL_LOCALES, type Language } from "~/i18n/languages";
import type { TimeLimitRecord } from "./time-limit-schema";

/** "10 dias de calendário", "20 working days", "3 anos", or "Set case by case: customs, …". */
export function limitText(record: TimeLimitRecord, lang: Language, t: TFunction<"time-limits">): string {
  if (record.duration === null || record.unit === null) return t("duration.caseByCase", { setBy: record.setBy?.[lang] ?? "" });
  const key = record.unit === "days" ? (record.dayType === "working" ? "workingDays" : "calendarDays") : record.unit;
  return t(`duration.${key}`, { count: record.duration });
}

/**
 * A record's source in the page's language: EUR-Lex publishes every language at its own address
 * (`/legal-content/PT/…`, `/legal-content/EN/…`); other sources have one address.
 */
export function sourceFor(record: Pick<TimeLimitRecord, "source">, lang: Language): string {
  return record.source.replace(/^(https:\/\/eur-lex\.europa\.eu\/legal-content\/)(?:PT|EN)\//, `$1${lang.toUpperCase()}/`);
}

/** "2013-10-10" → "10 de outubro de 2013" / "10 October 2013" (UTC: no day shift). */
export function formatVersionDate(isoDate: string, lang: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
