import { randomUUID } from "node:crypto";
import { pageHref } from "~/config/site-map";
import { serverT } from "~/i18n/server-texts";
import { RENEWAL_PLANNER_ID, readRenewalCheck } from "./renewal-check";
import { isAuthorityReminder, renewalReminderIcs, type RenewalTexts } from "./renewal-reminder";

export type ReminderDownload = { kind: "file"; fileName: string; ics: string } | { kind: "back"; location: string };

/**
 * The planner's calendar reminder (`…/lembrete-renovacao.ics?validade=2026-12-31&lang=pt`), made by the
 * Node server so that it downloads with or without JavaScript (not a React Router route: a route with
 * nothing for the browser still gets an empty script chunk). An address that gives no reminder (no
 * date, a wrong one, an expired certificate) goes back to the planner, which says why in its language.
 */
export function reminderDownload(url: URL, lang: string, now = new Date(), uid = `${randomUUID()}@areaoe`): ReminderDownload {
  const check = readRenewalCheck(url, lang, now);
  if (check.answer?.kind !== "plan" || check.answer.expired) {
    return { kind: "back", location: `${pageHref("web-services")}${url.search}#${RENEWAL_PLANNER_ID}` };
  }
  const t = serverT(check.lang, "certificate-renewal");
  // From the authority certificates table (`&certificado=autoridade`): about installing the authority's
  // new encryption certificate in time, not about requesting one's own renewal.
  const prefix = isAuthorityReminder(url) ? "authority." : "";
  const texts: RenewalTexts = (key, options) => t(`${prefix}${key}`, options);
  return { kind: "file", fileName: texts("fileName"), ics: renewalReminderIcs(check.answer, check.lang, texts, now, uid) };
}
