import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export interface StepByStepProps {
  /** The list's accessible name, e.g. the journey's title. */
  label: string;
  /** `<Step>`s, in order. */
  children: ReactNode;
}

/**
 * GOV.UK's step by step navigation without script: an ordered list of steps, each a native
 * `<details>` whose `<summary>` is the step's number (or its "and"/"or") and title. Every step opens
 * and closes without JavaScript, its content is in the HTML for search and find-in-page, and printing
 * shows every step open (step-by-step.css).
 */
export function StepByStep({ label, children }: StepByStepProps) {
  return (
    <ol className="step-by-step" aria-label={label}>
      {children}
    </ol>
  );
}

export interface StepProps {
  /**
   * The step's address on the page (`#passo-…`): the id of the start of its content, so that following a
   * link to it opens the step (browsers open a closed `<details>` for a fragment inside it) and shows its
   * summary above (scroll-margin).
   */
  id: string;
  /** The step's number; a logic step has the number of the step it belongs to. */
  number: number;
  /** "and": done as well as the step before; "or": done instead of it (it shows the word, not a number). */
  logic?: "and" | "or";
  title: ReactNode;
  /** Open when the page loads (default: closed). */
  open?: boolean;
  children: ReactNode;
}

/** One step: its marker and title as the summary a visitor opens, then what is done. */
export function Step({ id, number, logic, title, open, children }: StepProps) {
  const { t } = useTranslation("ui", { keyPrefix: "stepByStep" });
  // The number is part of the summary's name (the GOV.UK audit of 2023): "Passo 3: …", "Passo 3, ou: …".
  const spoken = logic ? t("logicStep", { number, logic: t(logic) }) : t("step", { number });
  return (
    <li className={`step-by-step__step${logic ? " step-by-step__step--logic" : ""}`}>
      <details className="step-by-step__details" open={open}>
        <summary className="step-by-step__summary">
          <span className="step-by-step__marker" aria-hidden="true">
            {logic ? t(logic) : number}
          </span>
          <span className="visually-hidden">{spoken} </span>
          <span className="step-by-step__title">{title}</span>
        </summary>
        <div className="step-by-step__content">
          <span id={id} className="step-by-step__anchor" />
          {children}
        </div>
      </details>
    </li>
  );
}
