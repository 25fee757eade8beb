import { useId, useMemo, type ReactNode } from "react";
import { ErrorMessage } from "./error-message";
import { FieldContext, type FieldContextValue } from "./field-context";
import { Hint } from "./hint";
import { Label } from "./label";

export interface FieldProps {
  /** Id of the control (default: generated). The error summary links to `#<id>`. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error, shown above the control; the field is then marked invalid. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
  /** The control: `<Input>`, `<Textarea>`, `<NumericInput>`, `<DateInput>`… They pick up the ids from here. */
  children: ReactNode;
}

/**
 * A form field (GOV.UK 'form group'): label, optional hint, error message and the control, wired
 * together with `htmlFor`, `aria-describedby` and `aria-invalid`.
 *
 * ```tsx
 * <Field id="username" label={t("username")} hint={t("usernameHint")} error={errors.username} required>
 *   <Input name="username" autoComplete="username" />
 * </Field>
 * ```
 */
export function Field({ id, label, hint, error, required = false, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const context = useMemo<FieldContextValue>(
    () => ({ id: controlId, hintId, errorId, invalid: Boolean(error), required }),
    [controlId, hintId, errorId, error, required],
  );
  const classes = ["form-group", error ? "form-group--error" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <Label htmlFor={controlId}>{label}</Label>
      {hint && hintId ? <Hint id={hintId}>{hint}</Hint> : null}
      {error && errorId ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
    </div>
  );
}
