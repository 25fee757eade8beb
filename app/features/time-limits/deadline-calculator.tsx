import { parseISO } from "date-fns";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { useDateErrorMessage } from "~/components/ui/date/date-input";
import { formatDateValue } from "~/components/ui/date/date-value";
import { Field } from "~/components/ui/form/field";
import { Input } from "~/components/ui/form/input";
import { Select } from "~/components/ui/form/select";
import { MANDATORY_MESSAGE_KEY } from "~/components/ui/form/form-validation";
import { AnsweredToolPanel } from "~/components/ui/tool-panel/answered-tool-panel";
import { LANGUAGE_QUERY, type Language } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import type { TFunction } from "~/i18n/text-keys";
import { FIRST_HOLIDAY_YEAR } from "~/lib/portuguese-holidays";
import { needsEventTime, type DeadlineStep } from "./deadline";
import { longDay } from "./long-day";
import type { TimeLimitRecord } from "./time-limit-schema";
import { limitText } from "./time-limit-text";
import {
  CALCULATOR_ID,
  CALCULATOR_PARAMS,
  TIME_LIMIT_REMINDER_PATH,
  calculableTimeLimits,
  type CalculatorAnswer,
  type CalculatorField,
  type CalculatorProblem,
  type CalculatorState,
} from "./time-limits-query";

const FIELD_IDS: Record<CalculatorField, string> = { limit: "calculadora-prazo", date: "calculadora-data", time: "calculadora-hora" };

/** Whether a record's time limit counts from the event's time (hours or minutes by the clock). */
export function recordNeedsTime(record: TimeLimitRecord): boolean {
  return record.unit !== null && record.duration !== null && needsEventTime({ duration: record.duration, unit: record.unit, counting: record.counting });
}

/**
 * The calculator: a time limit of the records, the event's day (and time, where hours count); the
 * server answers the GET form (`?prazo=…&data=…&hora=…#calculadora`) with the last day, what it runs
 * from, the limit's caveats (a maximum, its note), how it was counted and by which rule, and a link to
 * an .ics reminder. No JavaScript needed: the form's address (`#calculadora`) is the answer's box, which
 * the browser focuses when the page opens (the error summary or the answer). Its heading is the page's (`## …` in the content file, so "On this page" lists
 * it). The time field exists only when some time limit counts in hours, and shows only while one of
 * those is chosen: a CSS rule on the chosen option (time-limits.css), so no script is needed.
 */
export function DeadlineCalculator({ calculator, records: allRecords = TIME_LIMITS }: { calculator: CalculatorState; records?: readonly TimeLimitRecord[] }) {
  const { t } = useTranslation("time-limits", { keyPrefix: "calculator" });
  const { t: tLimits } = useTranslation("time-limits");
  const { t: tUi } = useTranslation("ui");
  const dateError = useDateErrorMessage();
  const lang = useLanguage();
  const records = calculableTimeLimits(allRecords);
  const withTime = records.some(recordNeedsTime);
  const problems = calculator.answer?.kind === "problems" ? calculator.answer.problems : {};
  const message = (problem: CalculatorProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.kind) {
      case "mandatory":
        return tUi(MANDATORY_MESSAGE_KEY);
      case "limit":
        return t("errors.limit");
      case "time":
        return t("errors.time");
      case "timeMissing":
        return t("errors.timeMissing");
      case "date":
        if (problem.code === "beforeMin" && problem.limit) {
          return t("errors.tooEarly", { year: FIRST_HOLIDAY_YEAR, date: formatDateValue(parseISO(problem.limit), lang) });
        }
        return dateError({ code: problem.code, value: problem.value, limit: problem.limit ? parseISO(problem.limit) : undefined });
    }
  };
  const errors = { limit: message(problems.limit), date: message(problems.date), time: message(problems.time) };
  const labels = { limit: t("limit"), date: t("date"), time: t("time") };
  const summary = (Object.keys(FIELD_IDS) as CalculatorField[]).flatMap((field) => {
    const text = errors[field];
    return text ? [{ fieldId: FIELD_IDS[field], label: labels[field], message: text }] : [];
  });
  const answer = calculator.answer;
  const record = answer?.kind === "deadline" ? records.find((candidate) => candidate.id === answer.limitId) : undefined;
  return (
    <AnsweredToolPanel
      id={CALCULATOR_ID}
      className="deadline-calculator"
      heading="page"
      texts={(key) => t(key)}
      problems={summary}
      answer={answer}
      resultClassName="deadline-calculator__result"
      result={answer?.kind === "deadline" && record ? <DeadlineAnswer answer={answer} record={record} lang={lang} /> : null}
    >
      <Field id={FIELD_IDS.limit} label={labels.limit} hint={t("limitHint")} error={errors.limit} required>
        <Select
          name={CALCULATOR_PARAMS.limit}
          defaultValue={calculator.values.limit}
          options={[
            { value: "", label: t("choose") },
            ...records.map((candidate) => ({
              value: candidate.id,
              label: `${tLimits(`areas.${candidate.area}`)}: ${candidate.what[lang]} (${limitText(candidate, lang, tLimits)})`,
              ...(recordNeedsTime(candidate) ? { data: { "data-needs-time": "" } } : {}),
            })),
          ]}
        />
      </Field>
      <Field id={FIELD_IDS.date} label={labels.date} hint={t("dateHint")} error={errors.date} required>
        <Input name={CALCULATOR_PARAMS.date} defaultValue={calculator.values.date} inputMode="numeric" autoComplete="off" className="input--date" />
      </Field>
      {withTime ? (
        <Field id={FIELD_IDS.time} label={labels.time} hint={t("timeHint")} error={errors.time} className="deadline-calculator__time">
          <Input name={CALCULATOR_PARAMS.time} defaultValue={calculator.values.time} inputMode="numeric" autoComplete="off" className="input--time" />
        </Field>
      ) : null}
    </AnsweredToolPanel>
  );
}

function stepText(step: DeadlineStep, lang: Language, t: TFunction<"time-limits", "calculator">): string {
  switch (step.kind) {
    case "movedToWorkingDay":
      return t(`steps.${step.kind}`, { from: longDay(step.from, lang), to: longDay(step.to, lang) });
    case "twoWorkingDays":
      return t(`steps.${step.kind}`, { to: longDay(step.to, lang) });
    case "hoursAsDays":
      return t(`steps.${step.kind}`, { hours: step.hours, count: step.days });
    case "daysAsWeeks":
      return t(`steps.${step.kind}`, { days: step.days, count: step.weeks });
    default:
      return t(`steps.${step.kind}`);
  }
}

function DeadlineAnswer({ answer, record, lang }: { answer: Extract<CalculatorAnswer, { kind: "deadline" }>; record: TimeLimitRecord; lang: Language }) {
  const { t } = useTranslation("time-limits", { keyPrefix: "calculator" });
  const { t: tLimits } = useTranslation("time-limits");
  const { deadline } = answer;
  const reminder = `${TIME_LIMIT_REMINDER_PATH}?${new URLSearchParams({
    [CALCULATOR_PARAMS.limit]: record.id,
    [CALCULATOR_PARAMS.date]: answer.eventDay,
    [CALCULATOR_PARAMS.time]: answer.eventTime ?? "",
    [LANGUAGE_QUERY]: lang,
  })}`;
  const limit = limitText(record, lang, tLimits);
  const eventDate = `${longDay(answer.eventDay, lang)}${answer.eventTime ? ` ${answer.eventTime}` : ""}`;
  return (
    <>
      <h3>{record.maximum ? t("resultHeadingMaximum") : t("resultHeading")}</h3>
      <p className="deadline-calculator__what">{record.what[lang]}</p>
      {/* The limit as the table states it, with what it runs from: the answer keeps the table's caveats. */}
      <dl className="deadline-calculator__facts">
        <dt>{tLimits("columns.limit")}</dt>
        <dd>{record.maximum ? t("limitMaximum", { limit }) : limit}</dd>
        <dt>{tLimits("columns.event")}</dt>
        <dd>{t("eventOn", { event: record.event[lang], date: eventDate })}</dd>
      </dl>
      {deadline.kind === "unsupported" ? (
        <p>{t(`unsupported.${deadline.reason}`)}</p>
      ) : (
        <>
          <p className="deadline-calculator__last-day">
            <strong>
              {deadline.kind === "instant"
                ? t("instant", { time: deadline.time, date: longDay(deadline.day, lang) })
                : t(record.maximum ? "lastDayMaximum" : "lastDay", { date: longDay(deadline.lastDay, lang) })}
            </strong>
          </p>
          {record.maximum ? <p className="deadline-calculator__caveat">{t("maximumCaveat")}</p> : null}
          {record.note ? <p className="deadline-calculator__caveat">{record.note[lang]}</p> : null}
          <h4>{t("howHeading")}</h4>
          <ul>
            {deadline.steps.map((step, index) => (
              <li key={index}>{stepText(step, lang, t)}</li>
            ))}
          </ul>
          <p>{t(`rule.${record.counting}`)}</p>
          {/* A plain link: the server makes the file, with or without JavaScript. */}
          <a className="button button--secondary" href={reminder} download={t("fileName", { id: record.id })}>
            {t("download")}
          </a>
          <p className="deadline-calculator__hint">{t("downloadHint")}</p>
        </>
      )}
      <p>{t("holidays")}</p>
      <p className="deadline-calculator__disclaimer">{t("disclaimer")}</p>
    </>
  );
}
