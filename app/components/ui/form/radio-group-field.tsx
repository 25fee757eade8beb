import type { ReactNode } from "react";
import { ErrorMessage } from "./error-message";

export interface RadioGroupOption<V extends string> {
  value: V;
  label: ReactNode;
  /** One sentence under the option, read with it by screen readers. */
  hint?: ReactNode;
}

export interface RadioGroupFieldProps<V extends string> {
  /** Base id: the hint is `<id>-hint`, each option `<id>-<value>` (and its hint `<id>-<value>-hint`). */
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly RadioGroupOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  /** The group's error, shown under the legend; the error summary links to the first option. */
  error?: ReactNode;
  className?: string;
  optionClassName?: string;
}

/**
 * A group of native radio buttons in a fieldset, with a legend and an optional hint (GOV.UK's radios):
 * arrow keys, forms and screen readers work as the browser makes them, with or without JavaScript.
 */
export function RadioGroupField<V extends string>({
  id,
  name,
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  className,
  optionClassName,
}: RadioGroupFieldProps<V>) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const classes = ["form-group", error ? "form-group--error" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <fieldset className={classes} aria-describedby={describedBy || undefined}>
      <legend className="label">{legend}</legend>
      {hint ? (
        <div id={hintId} className="hint">
          {hint}
        </div>
      ) : null}
      {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <div key={option.value} className={optionClassName}>
            <input
              type="radio"
              id={optionId}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.hint ? `${optionId}-hint` : undefined}
            />
            <label htmlFor={optionId}>{option.label}</label>
            {option.hint ? (
              <div id={`${optionId}-hint`} className="hint">
                {option.hint}
              </div>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
