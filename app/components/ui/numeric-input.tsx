import { useCallback, useEffect, useRef, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { useFieldControl } from "./field-context";
import { formatNumericValue, parseNumericValue, type NumericBounds, type NumericError, type NumericParseResult } from "./numeric-value";
import "./form-controls.css";

export interface NumericInputProps
  extends NumericBounds,
    Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "min" | "max" | "type"> {
  /** The text as typed; the input never rewrites it, so nothing the user typed is lost. */
  value: string;
  /** Every change: the raw text and its parse result (`parseNumericValue` with this input's bounds). */
  onValueChange: (text: string, result: NumericParseResult) => void;
}

/**
 * A number field that reads '.' as the decimal separator and ',' as the thousands separator, whatever the
 * page language (SPEC §9). It is a text input with `inputMode="decimal"` (a native number input would
 * drop what it cannot parse). Bounds and precision are checked by `parseNumericValue`; the parent shows
 * the error (`useNumericErrorMessage`) in the `<Field>`, typically on submit or blur.
 */
export function NumericInput({ id, className, value, onValueChange, min, max, exclusiveMin, exclusiveMax, precision, ...props }: NumericInputProps) {
  const control = useFieldControl(id);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Text typed before the page was interactive is kept, never lost.
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onValueChange(typed, parseNumericValue(typed, { min, max, exclusiveMin, exclusiveMax, precision }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  const classes = ["input", "input--numeric", control["aria-invalid"] ? "input--error" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <input
      ref={ref}
      type="text"
      inputMode={precision === 0 ? "numeric" : "decimal"}
      autoComplete="off"
      spellCheck={false}
      {...control}
      className={classes}
      value={value}
      onChange={(event) => onValueChange(event.target.value, parseNumericValue(event.target.value, { min, max, exclusiveMin, exclusiveMax, precision }))}
      {...props}
    />
  );
}

/** The clear, translated message of a numeric input error (bounds written the way the input reads them). */
export function useNumericErrorMessage() {
  const { t } = useTranslation("ui");
  return useCallback(
    (error: NumericError): string => {
      switch (error.code) {
        case "precision":
          return t("numeric.precision", { count: error.limit ?? 0 });
        case "min":
        case "max":
        case "exclusiveMin":
        case "exclusiveMax":
          return t(`numeric.${error.code}`, { limit: formatNumericValue(error.limit ?? 0) });
        default:
          return t(`numeric.${error.code}`);
      }
    },
    [t],
  );
}
