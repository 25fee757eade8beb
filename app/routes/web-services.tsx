import { widgetContentPage } from "./widget-content-page";
import { widgetPageLoader } from "./widget-page-loader.server";
import { pageMeta } from "~/config/page-meta";
import { RENEWAL_EXPIRY_PARAM, RENEWAL_PLANNER_ID, readRenewalCheck } from "~/features/certificate-renewal/renewal-check";
import type { LanguageSwitchHandle } from "~/components/layout/language-switcher";
import { RENEWAL_REMINDER_PATH } from "~/features/certificate-renewal/renewal-reminder";
import { CertificateRenewalPlanner } from "~/features/certificate-renewal/certificate-renewal-planner";
import { AuthorityCertificatesTable } from "~/features/certificate-renewal/authority-certificates-table";
import { Island } from "~/islands/island";

export const meta = pageMeta("web-services");
// The language switch opens the other language at the planner's answer (`?validade=…#renewal-planner`).
export const handle: LanguageSwitchHandle = { answeredSection: (search) => (search.has(RENEWAL_EXPIRY_PARAM) ? RENEWAL_PLANNER_ID : undefined) };

// The renewal planner is a GET form (`?validade=…&lang=…`): the server answers it, so it works without
// JavaScript; in the browser the widget, an island, answers the same address with the same rules
// (useAddressAnswer). The authority certificates table comes from the server (the certificates loaded
// at start) and is plain HTML: no island, nothing of it in the browser's JavaScript.
export const loader = widgetPageLoader((url, portal) => ({
  ...readRenewalCheck(url, portal.lang),
  certificates: portal.authorityCertificates(),
}));

export default widgetContentPage<typeof loader>("web-services", {
  CertificateRenewalPlanner: ({ data }) => (
    <Island
      component={CertificateRenewalPlanner}
      props={{ check: { text: data.text, answer: data.answer, lang: data.lang }, reminderHref: RENEWAL_REMINDER_PATH }}
    />
  ),
  AuthorityCertificates: ({ data }) => <AuthorityCertificatesTable certificates={data.certificates} reminderHref={RENEWAL_REMINDER_PATH} />,
});
