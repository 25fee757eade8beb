import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { Step, StepByStep } from "~/components/ui/step-by-step/step-by-step";
import { findJourney, stepAnchor, stepNumbers, type Journey } from "~/config/journeys";
import { pageHref, type PageId } from "~/config/site-map";
import { useAppConfig } from "~/config/use-root-data";

/** The journey of the page being rendered (the route id of a page is its id); undefined elsewhere. */
export function useCurrentJourney(): Journey | undefined {
  return findJourney(useMatches().at(-1)?.id ?? "");
}

/**
 * `<StepByStep>` of a journey's content file: the list of its steps (app/config/journeys.ts), named
 * after the journey's title. Its children are the content file's `<Step>`s.
 */
export function JourneySteps({ children }: { children: ReactNode }) {
  const { t } = useTranslation("journeys");
  const journey = useCurrentJourney();
  if (!journey) throw new Error("<StepByStep> is for a journey page (app/config/journeys.ts)");
  return <StepByStep label={t("stepsLabel", { title: t(`pages:${journey.id}.title`) })}>{children}</StepByStep>;
}

export interface JourneyStepProps {
  /** The step's id in app/config/journeys.ts. */
  id: string;
  /** The step's title, in the content file's language. */
  title: string;
  /** What is done, from the content file. */
  children?: ReactNode;
  /** The step's time limits (the wiring renders them from the records the model names). */
  timeLimits?: ReactNode;
}

/**
 * One step of the current journey: its number or "and"/"or" and its place come from the model, its words
 * from the content file; after them, who acts, where it is done (the portal's pages by their titles, the
 * services by their configured addresses) and its time limits.
 */
export function JourneyStep({ id, title, children, timeLimits }: JourneyStepProps) {
  const { t } = useTranslation("journeys");
  const links = useAppConfig()?.links;
  const journey = useCurrentJourney();
  const index = journey?.steps.findIndex((step) => step.id === id) ?? -1;
  const step = journey?.steps[index];
  if (!journey || !step) throw new Error(`Step ${id} is not a step of this page's journey (app/config/journeys.ts)`);
  const number = stepNumbers(journey)[index] ?? 1;
  return (
    <Step id={stepAnchor(step.id)} number={number} logic={step.logic} title={title}>
      {children}
      <dl className="journey-step__facts">
        <dt>{t("who")}</dt>
        <dd>{step.actors.map((actor) => t(`actors.${actor}`)).join("; ")}</dd>
        <dt>{t("where")}</dt>
        <dd>
          <ul className="journey-step__links">
            {step.pages.map((page: PageId) => (
              <li key={page}>
                <SmartLink href={pageHref(page)}>{t(`pages:${page}.title`)}</SmartLink>
              </li>
            ))}
            {(step.services ?? []).map((service) => {
              const href = links?.[service];
              return <li key={service}>{href ? <SmartLink href={href}>{t(`services.${service}`)}</SmartLink> : t(`services.${service}`)}</li>;
            })}
          </ul>
        </dd>
      </dl>
      {timeLimits}
    </Step>
  );
}
