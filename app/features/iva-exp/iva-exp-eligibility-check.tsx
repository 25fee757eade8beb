import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary } from "../../components/ui/error-summary";
import { Field } from "../../components/ui/field";
import { useHydrated } from "../../components/ui/use-hydrated";
import { MANDATORY_MESSAGE_KEY, isBlank } from "../../components/ui/form-validation";
import { NumericInput, useNumericErrorMessage } from "../../components/ui/numeric-input";
import { formatNumericValue, parseNumericValue } from "../../components/ui/numeric-value";
import { IVA_EXP_BOUNDS, IVA_EXP_PRECISION, isWithinIvaExpLimit } from "./iva-exp-limit";
import "../../components/ui/tool-panel.css";
import "./iva-exp-eligibility-check.css";

/**
 * The IVAExp value check of the IVAExp page (`<IvaExpEligibilityCheck />` in the content): the visitor
 * types a consignment value in euros and learns whether it is within the 1,000-euro limit. Negative
 * values and more than 2 decimals are refused with a clear message; the typed text is always kept.
 * Runs in the browser (nothing is sent); before hydration the submit does nothing harmful (GET to the page).
 */
export function IvaExpEligibilityCheck() {
  const { t } = useTranslation("iva-exp");
  const { t: tUi } = useTranslation("ui");
  const numericError = useNumericErrorMessage();
  const id = useId();
  const fieldId = `iva-exp-value-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const headingId = `${fieldId}-heading`;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [value, setValue] = useState<number | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setValue(null);
    if (isBlank(text)) {
      setError(tUi(MANDATORY_MESSAGE_KEY));
      return;
    }
    const result = parseNumericValue(text, IVA_EXP_BOUNDS);
    if (!result.ok) {
      setError(numericError(result.error));
      return;
    }
    setError(undefined);
    setValue(result.value);
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const within = value !== null && isWithinIvaExpLimit(value);
  const shown = value !== null ? formatNumericValue(value, IVA_EXP_PRECISION) : "";
  return (
    <section className="tool-panel iva-exp-check" aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-panel__title">
        {t("title")}
      </h2>
      <p>{t("intro")}</p>
      <form onSubmit={submit} noValidate data-interactive={hydrated ? "true" : undefined}>
        {error ? <ErrorSummary errors={[{ fieldId, label: t("label"), message: error }]} /> : null}
        <Field id={fieldId} label={t("label")} hint={t("hint")} error={error} required>
          <NumericInput name="value" value={text} onValueChange={(next) => setText(next)} {...IVA_EXP_BOUNDS} className="iva-exp-check__input" />
        </Field>
        <button type="submit" className="button">
          {t("submit")}
        </button>
      </form>
      <div ref={resultRef} className="iva-exp-check__result" tabIndex={-1} aria-live="polite">
        {value !== null ? (
          <div className={within ? "iva-exp-check__verdict iva-exp-check__verdict--within" : "iva-exp-check__verdict iva-exp-check__verdict--over"}>
            <p className="iva-exp-check__headline">{t(within ? "within" : "over", { value: shown })}</p>
            <p>{t(within ? "withinDetail" : "overDetail")}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
