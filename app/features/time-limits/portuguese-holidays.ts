import Holidays from "date-holidays";

/**
 * Portugal's public holidays (feriados obrigatórios, Código do Trabalho, art. 234.º, n.º 1: 1 January,
 * Good Friday, Easter Sunday, 25 April, 1 May, Corpus Christi, 10 June, 15 August, 5 October,
 * 1 November, 1, 8 and 25 December) from the maintained `date-holidays` library: its holidays of type
 * `public` for PT, national only. Carnival (optional, art. 235.º), municipal and regional holidays and
 * the tolerância de ponto the Government may grant are not counted (the time-limits page says so).
 * Server only: the library's data of every country is large (the calculator runs in the loader).
 */
const portugal = new Holidays("PT");
const byYear = new Map<number, ReadonlySet<string>>();

/** The public holidays of one year, as `yyyy-MM-dd`. */
export function publicHolidays(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set(
      portugal
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, days);
  }
  return days;
}

/** Whether a `yyyy-MM-dd` day is a public holiday in Portugal. */
export function isPublicHoliday(day: string): boolean {
  return publicHolidays(Number(day.slice(0, 4))).has(day);
}
