import { useCallback, useEffect, useRef, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { useFieldControl } from "./field-context";
import {
  NUMERIC_DEFAULT_SEPARATORS,
  formatNumericValue,
  parseNumericValue,
  type NumericBounds,
  type NumericError,
  type NumericParseResult,
  type NumericSeparators,
} from "./numeric-value";

export interface NumericInputProps
  extends NumericBounds,
    Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "min" | "max" | "type"> {
  /** The separators it reads (default: the specification's, '.' for decimals and ',' between thousands). */
  separators?: NumericSeparators;
  /** The text as typed; the input never rewrites it, so nothing the user typed is lost. */
  value: string;
  /** Every change: the raw text and its parse result (`parseNumericValue` with this input's bounds). */
  onValueChange: (text: string, result: NumericParseResult) => void;
}

/**
 * A number field that reads '.' as the decimal separator and ',' as the thousands separator (its defaults),
 * unless the screen passes the separators of its language (`numericSeparators(lang)`). It is a text input with `inputMode="decimal"` (a native number input would
 * drop what it cannot parse). Bounds and precision are checked by `parseNumericValue`; the parent shows
 * the error (`useNumericErrorMessage`) in the `<Field>`, typically on submit or blur.
 */
export function NumericInput({
  id,
  className,
  value,
  onValueChange,
  min,
  max,
  exclusiveMin,
  exclusiveMax,
  precision,
  separators = NUMERIC_DEFAULT_SEPARATORS,
  ...props
}: NumericInputProps) {
  const control = useFieldControl(id);
  const ref = useRef<HTMLInputElement>(null);
  const parse = (text: string) => parseNumericValue(text, { min, max, exclusiveMin, exclusiveMax, precision }, separators);
  useEffect(() => {
    // Text typed before the page was interactive is kept, never lost.
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onValueChange(typed, parse(typed));
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
      onChange={(event) => onValueChange(event.target.value, parse(event.target.value))}
      {...props}
    />
  );
}

/**
 * The clear, translated message of a numeric input error, with the separators and bounds written the
 * way the input reads them (pass the same separators as to the input).
 */
export function useNumericErrorMessage(separators: NumericSeparators = NUMERIC_DEFAULT_SEPARATORS) {
  const { t } = useTranslation("ui");
  const lang = useLanguage();
  return useCallback(
    (error: NumericError): string => {
      switch (error.code) {
        case "format":
          return t("numeric.format", {
            decimal: separators.decimal,
            thousands: describeThousands(separators, t("numeric.space"), lang),
            example: formatNumericValue(1234.56, 2, separators),
          });
        case "precision":
          return t("numeric.precision", { count: error.limit ?? 0 });
        case "min":
        case "max":
        case "exclusiveMin":
        case "exclusiveMax":
          return t(`numeric.${error.code}`, { limit: formatNumericValue(error.limit ?? 0, undefined, separators) });
        default:
          return t(`numeric.${error.code}`);
      }
    },
    [t, lang, separators],
  );
}

/** "','" or "'.' or a space": every accepted thousands separator once, all blanks named as one space. */
function describeThousands(separators: NumericSeparators, space: string, lang: string): string {
  const names = separators.thousands.map((separator) => (/\s/u.test(separator) ? space : `'${separator}'`));
  return new Intl.ListFormat(lang, { type: "disjunction" }).format([...new Set(names)]);
}
