import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import type { Route } from "./+types/web-services-reminder";
import { pageRoutePath } from "~/config/site-map";
import { serverT } from "~/i18n/server-texts";
import { RENEWAL_PLANNER_ID, readRenewalCheck } from "~/features/certificate-renewal/renewal-check";
import { isAuthorityReminder, renewalReminderIcs, type RenewalTexts } from "~/features/certificate-renewal/renewal-reminder";
import { portalContext } from "~/load-context";

/**
 * The renewal planner's calendar reminder (`…/lembrete-renovacao.ics?validade=2026-12-31&lang=pt`), made
 * by the server so that it downloads with or without JavaScript. An address that gives no reminder (no
 * date, a wrong one, an expired certificate) goes back to the planner, which says why in its language.
 * With `&certificado=autoridade` (the authority certificates table) the texts are about getting the
 * authority's new encryption certificate in time, not about requesting one's own renewal.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const check = readRenewalCheck(url, portal.lang);
  if (check.answer?.kind !== "plan" || check.answer.expired) {
    // Router paths: React Router adds the base path to a redirect.
    throw redirect(`${pageRoutePath("web-services")}${url.search}#${RENEWAL_PLANNER_ID}`);
  }
  const t = serverT(check.lang, "certificate-renewal");
  const prefix = isAuthorityReminder(url) ? "authority." : "";
  const texts: RenewalTexts = (key, options) => t(`${prefix}${key}`, options);
  const ics = renewalReminderIcs(check.answer, check.lang, texts, new Date(), `${randomUUID()}@areaoe`);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${texts("fileName")}"`,
    },
  });
}
