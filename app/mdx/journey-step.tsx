import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { JourneyStep, JourneySteps, useCurrentJourney } from "~/features/journeys/journey-steps";
import { TimeLimitsOf } from "~/features/time-limits/time-limits-of";

/**
 * `<StepByStep>` and `<Step id="…" title="…">…</Step>` in a journey's content file: the journeys
 * feature's step, with the time-limits feature's table of the records the step names (the wiring puts
 * the two features together; neither imports the other).
 */
export { JourneySteps as StepByStep };

export function Step({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  const { t } = useTranslation("journeys");
  const ids = useCurrentJourney()?.steps.find((step) => step.id === id)?.timeLimits ?? [];
  return (
    <JourneyStep id={id} title={title} timeLimits={ids.length > 0 ? <TimeLimitsOf ids={ids} caption={t("timeLimitsCaption")} /> : null}>
      {children}
    </JourneyStep>
  );
}
