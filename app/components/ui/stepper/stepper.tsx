import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** The first step; the active step is never below it (the specification's widget default: 0). */
export const STEPPER_FIRST_STEP = 0;

/** Keeps a step index within the steps: never below 0, never past the last one. */
export function clampStep(step: number, count: number): number {
  if (count <= 0 || !Number.isFinite(step)) return STEPPER_FIRST_STEP;
  return Math.min(Math.max(Math.trunc(step), STEPPER_FIRST_STEP), count - 1);
}

export interface StepperStep {
  id: string;
  label: ReactNode;
}

export interface StepperProps {
  steps: StepperStep[];
  /** The active step (0-based); clamped to the steps. */
  activeStep: number;
  onStepChange: (step: number) => void;
  /** Accessible name of the list (default 'Steps'). */
  label?: string;
  /** Show the previous/next buttons (default true). */
  showNavigation?: boolean;
}

/**
 * Progress through numbered steps: an ordered list where the active step carries
 * `aria-current="step"` and earlier ones say 'completed' to screen readers, plus previous/next buttons
 * that stop at the first and last step.
 */
export function Stepper({ steps, activeStep, onStepChange, label, showNavigation = true }: StepperProps) {
  const { t } = useTranslation("ui");
  const active = clampStep(activeStep, steps.length);
  const last = steps.length - 1;
  return (
    <div className="stepper">
      <ol className="stepper__list" aria-label={label ?? t("stepper.label")}>
        {steps.map((step, index) => {
          const state = index < active ? "complete" : index === active ? "current" : "upcoming";
          return (
            <li key={step.id} className={`stepper__step stepper__step--${state}`} aria-current={index === active ? "step" : undefined}>
              <span className="stepper__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="stepper__label">{step.label}</span>
              {state === "complete" ? <span className="visually-hidden"> ({t("stepper.completed")})</span> : null}
            </li>
          );
        })}
      </ol>
      <p className="stepper__progress" aria-live="polite">
        {t("stepper.progress", { current: active + 1, total: Math.max(steps.length, 1) })}
      </p>
      {showNavigation ? (
        <div className="stepper__nav">
          <button
            type="button"
            className="button button--secondary"
            disabled={active <= STEPPER_FIRST_STEP}
            onClick={() => onStepChange(clampStep(active - 1, steps.length))}
          >
            {t("stepper.previous")}
          </button>
          <button type="button" className="button" disabled={active >= last} onClick={() => onStepChange(clampStep(active + 1, steps.length))}>
            {t("stepper.next")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
