import { format } from "date-fns";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DateInput, useDateErrorMessage } from "../../components/ui/date-input";
import { DATE_LOCALES, dateLanguage, parseDateValue, type DateParseResult } from "../../components/ui/date-value";
import { ErrorSummary } from "../../components/ui/error-summary";
import { Field } from "../../components/ui/field";
import { useHydrated } from "../../components/ui/use-hydrated";
import { MANDATORY_MESSAGE_KEY, isBlank } from "../../components/ui/form-validation";
import { notify } from "../../components/ui/notify";
import { buildIcs } from "./ics";
import { renewalPlan, type RenewalPlan } from "./renewal-plan";
import "../../components/ui/tool-panel.css";
import "./certificate-renewal-planner.css";

/**
 * The certificate renewal planner of the web services page (`<CertificateRenewalPlanner />` in the
 * content): the visitor types (or picks) the certificate's expiry date and sees the last day to request
 * the renewal (one month before), the days left, and can download an .ics reminder.
 * It needs JavaScript (the calculation and the .ics file are made in the browser, nothing is sent);
 * without it a <noscript> note explains the rule.
 */
export function CertificateRenewalPlanner() {
  const { t, i18n } = useTranslation("certificate-renewal");
  const { t: tUi } = useTranslation("ui");
  const dateError = useDateErrorMessage();
  const id = useId();
  const fieldId = `renewal-expiry-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const headingId = `${fieldId}-heading`;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [plan, setPlan] = useState<RenewalPlan | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const lang = dateLanguage(i18n.language);
  const locale = DATE_LOCALES[lang];
  const longDate = (date: Date) => format(date, "PPP", { locale });

  const show = (result: DateParseResult, focusResult: boolean) => {
    if (!result.ok) {
      setError(dateError(result.error));
      setPlan(null);
      return;
    }
    if (!result.date) {
      setError(tUi(MANDATORY_MESSAGE_KEY));
      setPlan(null);
      return;
    }
    setError(undefined);
    setPlan(renewalPlan(result.date));
    if (focusResult) requestAnimationFrame(() => resultRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(text)) {
      setError(tUi(MANDATORY_MESSAGE_KEY));
      setPlan(null);
      return;
    }
    show(parseDateValue(text, i18n.language), true);
  };

  const download = () => {
    if (!plan) return;
    const expiry = longDate(plan.expiry);
    const ics = buildIcs({
      uid: `${crypto.randomUUID()}@areaoe`,
      day: plan.lastDay,
      now: new Date(),
      lang,
      summary: t("icsSummary"),
      description: t("icsDescription", { expiry }),
      alarm: t("icsAlarm"),
    });
    const url = URL.createObjectURL(new Blob([ics], { type: "text/calendar;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("fileName");
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    notify(t("downloaded"), { kind: "success", description: t("downloadedHint") });
  };

  return (
    <section className="tool-panel renewal-planner" aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-panel__title">
        {t("title")}
      </h2>
      <p>{t("intro")}</p>
      <noscript>
        <p className="tool-panel__noscript">{t("noscript")}</p>
      </noscript>
      <form onSubmit={submit} noValidate data-interactive={hydrated ? "true" : undefined}>
        {error ? <ErrorSummary errors={[{ fieldId, label: t("label"), message: error }]} /> : null}
        <Field id={fieldId} label={t("label")} hint={t("hint")} error={error} required>
          <DateInput
            name="expiry"
            value={text}
            onValueChange={(value, result) => {
              setText(value);
              // A day picked in the calendar (or a complete valid date) updates the plan at once.
              if (result.ok && result.date) show(result, false);
            }}
          />
        </Field>
        <button type="submit" className="button">
          {t("submit")}
        </button>
      </form>
      <div ref={resultRef} className="renewal-planner__result" tabIndex={-1} aria-live="polite">
        {plan ? (
          <>
            <h3>{t("resultHeading")}</h3>
            <p className="renewal-planner__last-day">{t("lastDay", { date: longDate(plan.lastDay) })}</p>
            <p className={plan.daysRemaining < 0 ? "renewal-planner__warning" : undefined}>
              {plan.expired
                ? t("expired", { expiry: longDate(plan.expiry) })
                : plan.daysRemaining >= 0
                  ? t("daysLeft", { count: plan.daysRemaining })
                  : t("passed", { count: -plan.daysRemaining, expiry: longDate(plan.expiry) })}
            </p>
            {!plan.expired ? (
              <button type="button" className="button button--secondary" onClick={download}>
                {t("download")}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
