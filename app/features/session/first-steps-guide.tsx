import { useTranslation } from "react-i18next";
import { SmartLink } from "~/components/ui/smart-link";

const STEPS = ["gue", "financePortal", "certificates", "testCalls"] as const;

/**
 * The four steps to start using the customs systems, as an ordered list of steps.
 * TODO(widget kit): switch to app/components/ui/stepper.tsx when it lands (not there yet).
 */
export function FirstStepsGuide({ gueHref, financePortalHref }: { gueHref: string; financePortalHref: string }) {
  const { t } = useTranslation("session");
  const links: Record<(typeof STEPS)[number], { href: string; label: string }[]> = {
    gue: [{ href: gueHref, label: t("loginState.gueLink") }],
    financePortal: [{ href: financePortalHref, label: t("steps.financePortalLink") }],
    certificates: [{ href: "/areaOE/public/webservices", label: t("steps.webServicesLink") }],
    testCalls: [
      { href: "/areaOE/public/manualDeTestes", label: t("steps.testingManualLink") },
      { href: "/areaOE/ferramentas/webservices/securityHeader/generateSecurityHeaderForm", label: t("steps.generateHeaderLink") },
    ],
  };
  return (
    <ol className="first-steps" aria-label={t("steps.label")}>
      {STEPS.map((step, index) => (
        <li key={step} className="first-steps__step">
          <h3>
            <span className="first-steps__number">{t("steps.stepOf", { current: index + 1, total: STEPS.length })}: </span>
            {t(`steps.${step}.title`)}
          </h3>
          <p>{t(`steps.${step}.body`)}</p>
          {links[step].length > 0 ? (
            <ul>
              {links[step].map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
