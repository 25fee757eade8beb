import { useTranslation } from "../../i18n/use-translation";
import { AnsweredToolPanel } from "../../components/ui/answered-tool-panel";
import { useAnsweredText } from "../../components/ui/use-answered-text";
import { MANDATORY_MESSAGE_KEY } from "../../components/ui/form-validation";
import { NumericInput, useNumericErrorMessage } from "../../components/ui/numeric-input";
import { formatMoney, numericSeparators } from "../../components/ui/number-format";
import { IVA_EXP_CHECK_ID, IVA_EXP_VALUE_PARAM, type IvaExpAnswer, type IvaExpCheckState } from "./iva-exp-check";
import { IVA_EXP_BOUNDS, IVA_EXP_LIMIT_EUR } from "./iva-exp-limit";
import { useLanguage } from "../../i18n/use-language";

/** Id of the check's field: one check per page. */
const FIELD_ID = "iva-exp-value";

export interface IvaExpEligibilityCheckProps {
  /** The check read from the page address by the route's loader (server) or client loader (browser). */
  check: IvaExpCheckState;
}

/**
 * The IVAExp value check of the IVAExp page: the visitor types a consignment value in euros, in the
 * way of the page's language (pt 850,50; en 850.50), and learns whether it is within the 1,000-euro
 * limit. A plain GET form: without JavaScript the server answers (`?valor=…&lang=…`); with it, React
 * Router submits the same form and the client loader answers with the same rules (`checkIvaExpValue`),
 * then focus moves to the answer. The typed text is always kept.
 */
export function IvaExpEligibilityCheck({ check }: IvaExpEligibilityCheckProps) {
  const { t } = useTranslation("iva-exp");
  const { t: tUi } = useTranslation("ui");
  const lang = useLanguage();
  const separators = numericSeparators(lang);
  const numericError = useNumericErrorMessage(separators);
  const [text, setText] = useAnsweredText(check.text);

  const { answer } = check;
  const error = answer ? errorMessage(answer, numericError, tUi(MANDATORY_MESSAGE_KEY)) : undefined;

  return (
    <AnsweredToolPanel
      id={IVA_EXP_CHECK_ID}
      className="iva-exp-check"
      texts={(key) => t(key)}
      fieldId={FIELD_ID}
      error={error}
      answer={check}
      resultClassName="iva-exp-check__result"
      result={
        answer?.kind === "verdict" ? (
          <div className={`iva-exp-check__verdict iva-exp-check__verdict--${answer.within ? "within" : "over"}`}>
            <p className="iva-exp-check__headline">
              {t(answer.within ? "within" : "over", {
                value: formatMoney(answer.value, lang),
                limit: formatMoney(IVA_EXP_LIMIT_EUR, lang, { fractionDigits: 0 }),
              })}
            </p>
            <p>{t(answer.within ? "withinDetail" : "overDetail")}</p>
          </div>
        ) : null
      }
    >
      <NumericInput
        name={IVA_EXP_VALUE_PARAM}
        value={text}
        onValueChange={(next) => setText(next)}
        {...IVA_EXP_BOUNDS}
        separators={separators}
        className="iva-exp-check__input"
      />
    </AnsweredToolPanel>
  );
}

function errorMessage(
  answer: IvaExpAnswer,
  numericError: ReturnType<typeof useNumericErrorMessage>,
  mandatory: string,
): string | undefined {
  if (answer.kind === "mandatory") return mandatory;
  if (answer.kind === "invalid") return numericError(answer.error);
  return undefined;
}
