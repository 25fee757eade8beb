import { format } from "date-fns";
import { DATE_LOCALES, dateLanguage } from "~/components/ui/date/date-value";
import { LANGUAGE_QUERY } from "~/i18n/languages";
import { pageHref } from "~/config/site-map";
import { buildIcs } from "~/lib/ics";
import { RENEWAL_EXPIRY_PARAM, fromIsoDay, type RenewalPlanAnswer } from "./renewal-check";

/** The texts of the `certificate-renewal` namespace in the reminder's language. */
export type RenewalTexts = (key: "icsSummary" | "icsDescription" | "icsAlarm" | "fileName", options?: { expiry: string }) => string;

/** The long form of a day in the language ("31 de dezembro de 2026", "31 December 2026"). */
export function longDay(day: string, lang: string): string {
  return format(fromIsoDay(day), "PPP", { locale: DATE_LOCALES[dateLanguage(lang)] });
}

/** The query of the .ics reminder of a plan: the expiry day (yyyy-mm-dd) and the language. */
export function renewalReminderQuery(plan: RenewalPlanAnswer, lang: string): string {
  return `?${new URLSearchParams({ [RENEWAL_EXPIRY_PARAM]: plan.expiry, [LANGUAGE_QUERY]: dateLanguage(lang) })}`;
}

/**
 * Whose certificate a reminder is about: the operator's own (the planner: request the renewal) or the
 * authority's encryption certificate (the certificates table: have the new one in time).
 */
export const REMINDER_SUBJECT_PARAM = "certificado";
export const AUTHORITY_REMINDER_SUBJECT = "autoridade";

/** The query of the .ics reminder for the authority certificate that expires on `day` (yyyy-mm-dd). */
export function authorityReminderQuery(day: string, lang: string): string {
  return `?${new URLSearchParams({
    [RENEWAL_EXPIRY_PARAM]: day,
    [LANGUAGE_QUERY]: dateLanguage(lang),
    [REMINDER_SUBJECT_PARAM]: AUTHORITY_REMINDER_SUBJECT,
  })}`;
}

/** Whether a reminder's address asks for the authority certificate's texts. */
export function isAuthorityReminder(url: URL): boolean {
  return url.searchParams.get(REMINDER_SUBJECT_PARAM) === AUTHORITY_REMINDER_SUBJECT;
}

/** The calendar reminder of a plan: an all-day event on the last day, with an alarm a week before. */
export function renewalReminderIcs(plan: RenewalPlanAnswer, lang: string, texts: RenewalTexts, now: Date, uid: string): string {
  return buildIcs({
    uid,
    day: fromIsoDay(plan.lastDay),
    now,
    lang: dateLanguage(lang),
    summary: texts("icsSummary"),
    description: texts("icsDescription", { expiry: longDay(plan.expiry, lang) }),
    alarm: texts("icsAlarm"),
  });
}

/** The address of the .ics reminder, beside the planner's page (answered by the Node server). */
export const RENEWAL_REMINDER_PATH = `${pageHref("web-services")}/lembrete-renovacao.ics`;
