import { format, isValid, parse, startOfDay } from "date-fns";
import { enGB, pt } from "date-fns/locale";
import type { Locale } from "date-fns";

/**
 * Short date format per language. English uses the en-GB order (dd/MM/yyyy, date-fns `enGB`): the
 * portal's English readers are mostly European operators, and one day-first order in both languages
 * avoids reading 03/04 as 4 March in one language and 3 April in the other.
 */
export const DATE_INPUT_FORMATS = { pt: "dd/MM/yyyy", en: "dd/MM/yyyy" } as const;
/** Always accepted as well, in both languages: the date input's fallback after the language's short format. */
export const DATE_INPUT_FALLBACK_FORMAT = "yyyy-MM-dd";
/** Weeks start on Monday in both languages (date-fns' `pt` says Sunday; Portugal uses ISO weeks). */
export const WEEK_STARTS_ON = 1;
/** date-fns locales of the date input and the calendar. */
export const DATE_LOCALES: Record<keyof typeof DATE_INPUT_FORMATS, Locale> = {
  pt: { ...pt, options: { ...pt.options, weekStartsOn: WEEK_STARTS_ON } },
  en: enGB,
};

export type DateLanguage = keyof typeof DATE_INPUT_FORMATS;

export function dateLanguage(lang: string): DateLanguage {
  return lang === "en" ? "en" : "pt";
}

export interface DateBounds {
  min?: Date;
  max?: Date;
}

export type DateErrorCode = "format" | "nonexistent" | "beforeMin" | "afterMax";

export type DateParseResult =
  | { ok: true; date: Date | null }
  | { ok: false; error: { code: DateErrorCode; value?: string; limit?: Date } };

const SHORT_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const FALLBACK_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a typed date: the language's short format (dd/MM/yyyy; one-digit day and month accepted) or
 * the fallback yyyy-MM-dd. Four-digit years only, so "1/2/26" is not taken for the year 26. Returns the
 * local midnight of the day, `null` for an empty text, or the reason it was refused.
 */
export function parseDateValue(text: string, lang: string, bounds: DateBounds = {}, referenceDate = new Date()): DateParseResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, date: null };
  let date: Date | undefined;
  if (SHORT_PATTERN.test(trimmed)) {
    const [day = "", month = "", year = ""] = trimmed.split("/");
    date = parse(`${day.padStart(2, "0")}/${month.padStart(2, "0")}/${year}`, DATE_INPUT_FORMATS[dateLanguage(lang)], referenceDate);
  } else if (FALLBACK_PATTERN.test(trimmed)) {
    date = parse(trimmed, DATE_INPUT_FALLBACK_FORMAT, referenceDate);
  } else {
    return { ok: false, error: { code: "format" } };
  }
  if (!isValid(date)) return { ok: false, error: { code: "nonexistent", value: trimmed } };
  if (bounds.min && date < startOfDay(bounds.min)) return { ok: false, error: { code: "beforeMin", limit: startOfDay(bounds.min) } };
  if (bounds.max && date > startOfDay(bounds.max)) return { ok: false, error: { code: "afterMax", limit: startOfDay(bounds.max) } };
  return { ok: true, date };
}

/** A date in the language's short format, as the date input shows it. */
export function formatDateValue(date: Date, lang: string): string {
  return format(date, DATE_INPUT_FORMATS[dateLanguage(lang)]);
}
