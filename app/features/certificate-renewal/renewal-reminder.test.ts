import { describe, expect, it } from "vitest";
import { createRenderTexts } from "~/i18n/server-texts";
import { checkRenewalExpiry, type RenewalPlanAnswer } from "./renewal-check";
import { renewalReminderIcs, renewalReminderQuery, type RenewalTexts } from "./renewal-reminder";

const plan = checkRenewalExpiry("31/12/2026", "pt", new Date(2026, 10, 1)) as RenewalPlanAnswer;

function texts(lang: "pt" | "en"): RenewalTexts {
  const t = createRenderTexts(lang).getFixedT(lang, "certificate-renewal");
  return (key, options) => t(key, options);
}

describe("renewal reminder", () => {
  it("links to the reminder with the expiry day and the language", () => {
    expect(renewalReminderQuery(plan, "en")).toBe("?validade=2026-12-31&lang=en");
  });
  it("is an all-day event on the last day, in the visitor's language", () => {
    const now = new Date(Date.UTC(2026, 10, 1, 9));
    const pt = renewalReminderIcs(plan, "pt", texts("pt"), now, "x@areaoe").replace(/\r\n /g, "");
    expect(pt).toContain("\r\nDTSTART;VALUE=DATE:20261130\r\n");
    expect(pt).toContain("\r\nSUMMARY;LANGUAGE=pt:Pedir a renovação do certificado dos serviços web\r\n");
    expect(pt).toContain("expira em 31 de dezembro de 2026.");
    const en = renewalReminderIcs(plan, "en", texts("en"), now, "x@areaoe").replace(/\r\n /g, "");
    expect(en).toContain("\r\nSUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate\r\n");
    expect(en).toContain("expires on 31 December 2026.");
  });
});
