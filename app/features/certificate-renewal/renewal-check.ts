import { format, parseISO } from "date-fns";
import { isBlank } from "~/components/ui/form/form-validation";
import { parseDateValue, type DateErrorCode } from "~/components/ui/date/date-value";
import { LANGUAGE_QUERY, isLanguage } from "~/i18n/languages";
import type { NonWorkingReason } from "~/lib/portuguese-holidays";
import { renewalPlan } from "./renewal-plan";

/** The query parameter of the planner: `?validade=31/12/2026&lang=pt` (a readable, shareable address). */
export const RENEWAL_EXPIRY_PARAM = "validade";

/**
 * The planner's answer. Days travel as `yyyy-MM-dd` text, never as Date objects: a Date made at the
 * server's midnight would show as the day before in a browser west of it.
 */
export type RenewalAnswer =
  | { kind: "mandatory" }
  | { kind: "invalid"; error: { code: DateErrorCode; value?: string } }
  | {
      kind: "plan";
      expiry: string;
      lastDay: string;
      /** One month before expiry, when the authority is closed that day (the plan's last day is the working day before). */
      movedFrom?: { day: string; reason: NonWorkingReason };
      daysRemaining: number;
      expired: boolean;
    };

export type RenewalPlanAnswer = Extract<RenewalAnswer, { kind: "plan" }>;

/** The planner as the page shows it: the text typed and, once submitted, the answer. */
export interface RenewalCheckState {
  text: string;
  /** Null until the form is submitted (no parameter in the address). */
  answer: RenewalAnswer | null;
  /** The language the text was read in. */
  lang: string;
}

/** Id of the planner's section: the form (and the .ics route, on a bad address) returns to it. */
export const RENEWAL_PLANNER_ID = "renewal-planner";

const ISO_DAY = "yyyy-MM-dd";

export function isoDay(date: Date): string {
  return format(date, ISO_DAY);
}

/** The local midnight of a `yyyy-MM-dd` day. */
export function fromIsoDay(day: string): Date {
  return parseISO(day);
}

/**
 * THE rules of the planner, used by the server (page loader and .ics reminder, no JavaScript needed)
 * and by the browser (client loader) alike: the expiry date as the language writes it (dd/mm/yyyy, or
 * yyyy-mm-dd), and the last day to ask for the renewal one month before it, or the working day before
 * that when the authority is closed on it.
 */
export function checkRenewalExpiry(text: string, lang: string, today: Date = new Date()): RenewalAnswer {
  if (isBlank(text)) return { kind: "mandatory" };
  const result = parseDateValue(text, lang);
  if (!result.ok) return { kind: "invalid", error: { code: result.error.code, value: result.error.value } };
  if (!result.date) return { kind: "mandatory" };
  const plan = renewalPlan(result.date, today);
  return {
    kind: "plan",
    expiry: isoDay(plan.expiry),
    lastDay: isoDay(plan.lastDay),
    ...(plan.movedFrom ? { movedFrom: { day: isoDay(plan.movedFrom.day), reason: plan.movedFrom.reason } } : {}),
    daysRemaining: plan.daysRemaining,
    expired: plan.expired,
  };
}

/**
 * Reads the planner from an address (the page's, or the .ics reminder's). The form sends its language
 * with the date (`lang`); without it, `fallbackLang` (the page's).
 */
export function readRenewalCheck(url: URL, fallbackLang: string, today: Date = new Date()): RenewalCheckState {
  const queryLang = url.searchParams.get(LANGUAGE_QUERY);
  const lang = isLanguage(queryLang) ? queryLang : fallbackLang;
  const text = url.searchParams.get(RENEWAL_EXPIRY_PARAM);
  return text === null ? { text: "", answer: null, lang } : { text, answer: checkRenewalExpiry(text, lang, today), lang };
}
