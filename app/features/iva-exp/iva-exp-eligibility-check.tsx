import { useTranslation } from "~/i18n/use-translation";
import { AnsweredToolPanel } from "~/components/ui/tool-panel/answered-tool-panel";
import { Field } from "~/components/ui/form/field";
import { RadioGroupField } from "~/components/ui/form/radio-group-field";
import { useAnsweredText } from "~/components/ui/tool-panel/use-answered-text";
import { useAddressAnswer } from "~/components/ui/tool-panel/use-address-answer";
import { MANDATORY_MESSAGE_KEY } from "~/components/ui/form/form-validation";
import type { ErrorSummaryItem } from "~/components/ui/form/error-summary";
import { NumericInput, useNumericErrorMessage } from "~/components/ui/form/numeric-input";
import { formatMoney, numericSeparators } from "~/components/ui/form/number-format";
import {
  IVA_EXP_CHECK_ID,
  IVA_EXP_CHOICES,
  IVA_EXP_PARAMS,
  IVA_EXP_QUESTIONS,
  type IvaExpAnswer,
  type IvaExpCheckState,
  type IvaExpChoiceQuestion,
  type IvaExpQuestion,
  readIvaExpCheck,
} from "./iva-exp-check";
import { IVA_EXP_BOUNDS, IVA_EXP_LIMIT_EUR } from "./iva-exp-limit";
import { useLanguage } from "~/i18n/use-language";

/** Id of each question's control (a radio group's first option carries `-<value>`): one check per page. */
const fieldId = (question: IvaExpQuestion) => `iva-exp-${question}`;
const CHOICE_QUESTIONS = Object.keys(IVA_EXP_CHOICES) as IvaExpChoiceQuestion[];

export interface IvaExpEligibilityCheckProps {
  /** The check the server read from the page address (the route's loader): the first answer shown. */
  check: IvaExpCheckState;
}

/**
 * The IVAExp check of the IVAExp page: the visitor answers the certificate's conditions (value, kind of
 * consignment, export duties, office of exit, excise goods) and learns whether the consignment can be
 * covered, and which condition it misses. A plain GET form: without JavaScript the server answers
 * (`?valor=…&remessa=…&lang=…`); with it, the form's query goes to the address bar and the browser
 * answers it with the same rules (`readIvaExpCheck`, useAddressAnswer), then focus moves to the answer;
 * Back shows the previous answer. What was typed is kept. No router: the page hydrates it as an island.
 */
/** A choice's text key, each question with its own options only (the texts of every pair are checked by the type). */
type ChoiceKey = { [Q in IvaExpChoiceQuestion]: `questions.${Q}.options.${(typeof IVA_EXP_CHOICES)[Q][number]}` }[IvaExpChoiceQuestion];
const choiceKey = <Q extends IvaExpChoiceQuestion>(question: Q, option: (typeof IVA_EXP_CHOICES)[Q][number]) =>
  `questions.${question}.options.${option}` as ChoiceKey;

export function IvaExpEligibilityCheck({ check }: IvaExpEligibilityCheckProps) {
  const { t } = useTranslation("iva-exp");
  const { t: tUi } = useTranslation("ui");
  const lang = useLanguage();
  const separators = numericSeparators(lang);
  const numericError = useNumericErrorMessage(separators);
  const shown = useAddressAnswer(check, (url) => readIvaExpCheck(url, lang));
  const { values } = shown.state;
  const [text, setText] = useAnsweredText(values.value, shown.key);
  const [consignment, setConsignment] = useAnsweredText(values.consignment, shown.key);
  const [exportDuties, setExportDuties] = useAnsweredText(values.exportDuties, shown.key);
  const [exit, setExit] = useAnsweredText(values.exit, shown.key);
  const [excise, setExcise] = useAnsweredText(values.excise, shown.key);
  const choices: Record<IvaExpChoiceQuestion, [string, (value: string) => void]> = {
    consignment: [consignment, setConsignment],
    exportDuties: [exportDuties, setExportDuties],
    exit: [exit, setExit],
    excise: [excise, setExcise],
  };

  const { answer } = shown.state;
  const errors = problemMessages(answer, numericError, tUi(MANDATORY_MESSAGE_KEY));
  const problems: ErrorSummaryItem[] = IVA_EXP_QUESTIONS.flatMap((question) => {
    const message = errors[question];
    if (!message) return [];
    const id = question === "value" ? fieldId(question) : `${fieldId(question)}-${IVA_EXP_CHOICES[question][0]}`;
    return [{ fieldId: id, label: t(`questions.${question}.label`), message }];
  });

  return (
    <AnsweredToolPanel
      id={IVA_EXP_CHECK_ID}
      className="iva-exp-check"
      texts={(key) => t(key)}
      problems={problems}
      answer={shown.state}
      answerKey={shown.key}
      onSubmit={shown.submit}
      resultClassName="iva-exp-check__result"
      result={answer?.kind === "verdict" ? <Verdict answer={answer} lang={lang} /> : null}
    >
      <Field id={fieldId("value")} label={t("questions.value.label")} hint={t("questions.value.hint")} error={errors.value} required>
        <NumericInput
          name={IVA_EXP_PARAMS.value}
          value={text}
          onValueChange={(next) => setText(next)}
          {...IVA_EXP_BOUNDS}
          separators={separators}
          className="iva-exp-check__input"
        />
      </Field>
      {CHOICE_QUESTIONS.map((question) => {
        const [value, setValue] = choices[question];
        return (
          <RadioGroupField
            key={question}
            id={fieldId(question)}
            name={IVA_EXP_PARAMS[question]}
            legend={t(`questions.${question}.label`)}
            hint={t(`questions.${question}.hint`)}
            options={IVA_EXP_CHOICES[question].map((option) => ({ value: option, label: t(choiceKey(question, option)) }))}
            value={value || undefined}
            onChange={setValue}
            error={errors[question]}
            optionClassName="radio"
          />
        );
      })}
    </AnsweredToolPanel>
  );
}

function Verdict({ answer, lang }: { answer: Extract<IvaExpAnswer, { kind: "verdict" }>; lang: string }) {
  const { t } = useTranslation("iva-exp");
  const limit = formatMoney(IVA_EXP_LIMIT_EUR, lang, { fractionDigits: 0 });
  return (
    <div className={`iva-exp-check__verdict iva-exp-check__verdict--${answer.eligible ? "within" : "over"}`}>
      <p className="iva-exp-check__headline">{t(answer.eligible ? "eligible" : "notEligible")}</p>
      <ul className="iva-exp-check__conditions">
        {answer.conditions.map((condition) => (
          <li key={condition.id} className={condition.met ? "iva-exp-check__met" : "iva-exp-check__missed"}>
            <span className="visually-hidden">{t(condition.met ? "met" : "missed")}</span>
            {t(`conditions.${condition.id}.${condition.met ? "met" : "missed"}`, { value: formatMoney(answer.value, lang), limit })}
          </li>
        ))}
      </ul>
      <p>{t(answer.eligible ? "eligibleDetail" : "notEligibleDetail")}</p>
    </div>
  );
}

function problemMessages(
  answer: IvaExpAnswer | null,
  numericError: ReturnType<typeof useNumericErrorMessage>,
  mandatory: string,
): Partial<Record<IvaExpQuestion, string>> {
  if (answer?.kind !== "problems") return {};
  const messages: Partial<Record<IvaExpQuestion, string>> = {};
  for (const question of IVA_EXP_QUESTIONS) {
    const problem = answer.problems[question];
    if (problem) messages[question] = problem.kind === "mandatory" ? mandatory : numericError(problem.error);
  }
  return messages;
}
