import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { Stepper } from "~/components/ui/stepper/stepper";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import { pageHref } from "~/config/site-map";
import { FIRST_STEPS as STEPS, type FirstStepId as StepId } from "~/config/first-steps";

/**
 * The first steps to start using the customs systems (app/config/first-steps.ts: the one order the
 * portal tells them in, the home page's diagram included), on the widget kit's Stepper. Without JavaScript
 * (and in the first HTML) every step's text is shown in order; once hydrated, the Stepper's
 * previous/next buttons walk through them one at a time.
 */
export function FirstStepsGuide({ gueHref, financePortalHref }: { gueHref: string; financePortalHref: string }) {
  const { t } = useTranslation("session");
  const hydrated = useHydrated();
  const [active, setActive] = useState(0);
  const links: Record<StepId, { href: string; label: string }[]> = {
    financePortal: [{ href: financePortalHref, label: t("steps.financePortalLink") }],
    gue: [{ href: gueHref, label: t("loginState.gueLink") }],
    testCertificate: [{ href: pageHref("web-services"), label: t("steps.webServicesLink") }],
    testCalls: [
      { href: pageHref("testing-manual"), label: t("steps.testingManualLink") },
      { href: pageHref("security-header-form"), label: t("steps.generateHeaderLink") },
    ],
    production: [
      { href: pageHref("journey-web-services"), label: t("steps.journeyLink") },
      { href: pageHref("web-services"), label: t("steps.webServicesLink") },
    ],
  };
  return (
    <div className="first-steps">
      <Stepper
        steps={STEPS.map((id) => ({ id, label: t(`steps.${id}.title`) }))}
        activeStep={active}
        onStepChange={setActive}
        label={t("steps.label")}
        showNavigation={hydrated}
      />
      {STEPS.map((step, index) =>
        hydrated && index !== active ? null : (
          <section key={step} className="first-steps__step" aria-labelledby={`first-step-${step}`}>
            <h3 id={`first-step-${step}`}>
              {t("steps.stepOf", { current: index + 1, total: STEPS.length })}: {t(`steps.${step}.title`)}
            </h3>
            <p>{t(`steps.${step}.body`)}</p>
            <ul>
              {links[step].map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
