import { format } from "date-fns";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { parseDateValue } from "~/components/ui/date/date-value";
import { isBlank } from "~/components/ui/form/form-validation";
import { LANGUAGE_QUERY, isLanguage } from "~/i18n/languages";
import { FIRST_HOLIDAY_YEAR } from "~/lib/portuguese-holidays";
import { computeDeadline, needsEventTime } from "./deadline";
import type { TimeLimitRecord } from "./time-limit-schema";
import {
  CALCULATOR_PARAMS,
  calculableTimeLimits,
  readCalculatorValues,
  readFilter,
  type CalculatorAnswer,
  type CalculatorField,
  type CalculatorProblem,
  type TimeLimitsPageData,
} from "./time-limits-query";

/**
 * The days the calculator accepts: from the first year whose public holidays it knows (each year's, the
 * four Lei n.º 23/2012 took out in 2013–2015 included), to 2199; the counting rules are today's.
 */
export const CALCULATOR_BOUNDS = { min: new Date(FIRST_HOLIDAY_YEAR, 0, 1), max: new Date(2199, 11, 31) };
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * THE calculator: the time limit chosen (a record the calculator offers), the event's day as the
 * language writes it (dd/mm/yyyy, or yyyy-mm-dd) and, for a limit in hours or minutes, its time (hh:mm,
 * Lisbon time); the answer is the end of the time limit by the counting rule of that record. Runs on
 * the server (the page loader and the .ics reminder): the holidays' library stays out of the browser.
 */
export function answerCalculator(values: Record<CalculatorField, string>, lang: string, records: readonly TimeLimitRecord[] = TIME_LIMITS): CalculatorAnswer {
  const problems: Partial<Record<CalculatorField, CalculatorProblem>> = {};
  const record = calculableTimeLimits(records).find((candidate) => candidate.id === values.limit);
  if (isBlank(values.limit)) problems.limit = { kind: "mandatory" };
  else if (!record) problems.limit = { kind: "limit" };
  let day: string | undefined;
  if (isBlank(values.date)) problems.date = { kind: "mandatory" };
  else {
    const parsed = parseDateValue(values.date, lang, CALCULATOR_BOUNDS);
    if (!parsed.ok) {
      problems.date = { kind: "date", code: parsed.error.code, value: parsed.error.value, limit: parsed.error.limit ? format(parsed.error.limit, "yyyy-MM-dd") : undefined };
    } else if (parsed.date) day = format(parsed.date, "yyyy-MM-dd");
  }
  const time = values.time.trim();
  const timeNeeded = record?.unit ? needsEventTime({ duration: record.duration ?? 0, unit: record.unit, counting: record.counting }) : false;
  // The time is read only for a time limit that counts from it (the field shows only then).
  if (timeNeeded && time === "") problems.time = { kind: "timeMissing" };
  else if (timeNeeded && !TIME.test(time)) problems.time = { kind: "time" };
  if (Object.keys(problems).length > 0 || !record || !day || record.duration === null || record.unit === null) {
    return { kind: "problems", problems };
  }
  const eventTime = timeNeeded ? time : undefined;
  const deadline = computeDeadline({ duration: record.duration, unit: record.unit, dayType: record.dayType, counting: record.counting }, { day, time: eventTime });
  return { kind: "deadline", limitId: record.id, eventDay: day, eventTime, deadline };
}

/** The page's answer to its address: the filter and, once submitted, the calculator. */
export function readTimeLimitsPage(url: URL, fallbackLang: string): TimeLimitsPageData {
  const queryLang = url.searchParams.get(LANGUAGE_QUERY);
  const lang = isLanguage(queryLang) ? queryLang : fallbackLang;
  const values = readCalculatorValues(url);
  return {
    lang,
    filter: readFilter(url),
    // A row of the list links to the calculator with its time limit chosen and no date yet: no answer.
    calculator: !values
      ? { values: { limit: "", date: "", time: "" }, answer: null }
      : url.searchParams.has(CALCULATOR_PARAMS.date)
        ? { values, answer: answerCalculator(values, lang) }
        : { values, answer: null },
  };
}
