import { format, parseISO } from "date-fns";
import { DATE_LOCALES, dateLanguage } from "~/components/ui/date/date-value";

/** A `yyyy-MM-dd` day in full, with its weekday ("segunda-feira, 2 de março de 2026", "Monday, 2 March 2026"). */
export function longDay(day: string, lang: string): string {
  return format(parseISO(day), "PPPP", { locale: DATE_LOCALES[dateLanguage(lang)] });
}
