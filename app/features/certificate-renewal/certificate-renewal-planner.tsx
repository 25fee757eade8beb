import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { DateInput, useDateErrorMessage } from "../../components/ui/date-input";
import { AnsweredForm } from "../../components/ui/answered-form";
import { Field } from "../../components/ui/field";
import { useHydrated } from "../../components/ui/use-hydrated";
import { useAnsweredText } from "../../components/ui/use-answered-text";
import { MANDATORY_MESSAGE_KEY } from "../../components/ui/form-validation";
import { LANGUAGE_QUERY } from "../../i18n/languages";
import { RENEWAL_EXPIRY_PARAM, RENEWAL_PLANNER_ID, type RenewalCheckState, type RenewalPlanAnswer } from "./renewal-check";
import { longDay, renewalReminderQuery } from "./renewal-reminder";
import "../../components/ui/tool-panel.css";
import "./certificate-renewal-planner.css";
import { useLanguage } from "../../i18n/use-language";

/** Id of the planner's field: one planner per page. */
const FIELD_ID = "renewal-expiry";

export interface CertificateRenewalPlannerProps {
  /** The planner read from the page address by the route's loader (server) or client loader (browser). */
  check: RenewalCheckState;
  /** Address of the .ics reminder (a resource route that answers `text/calendar`). */
  reminderHref: string;
}

/**
 * The certificate renewal planner of the web services page: the visitor types (or, with JavaScript,
 * picks) the certificate's expiry date and sees the last day to request the renewal (one month before),
 * the days left, and a link to an .ics reminder. A plain GET form: without JavaScript the server
 * answers (`?validade=…&lang=…`); with it, React Router submits the same form and the client loader
 * answers with the same rules (`checkRenewalExpiry`), then focus moves to the answer.
 */
export function CertificateRenewalPlanner({ check, reminderHref }: CertificateRenewalPlannerProps) {
  const { t } = useTranslation("certificate-renewal");
  const { t: tUi } = useTranslation("ui");
  const dateError = useDateErrorMessage();
  const lang = useLanguage();
  const hydrated = useHydrated();
  const headingId = `${RENEWAL_PLANNER_ID}-heading`;
  const resultRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const [text, setText] = useAnsweredText(check.text);

  const { answer } = check;
  const error =
    answer?.kind === "mandatory" ? tUi(MANDATORY_MESSAGE_KEY) : answer?.kind === "invalid" ? dateError(answer.error) : undefined;

  useEffect(() => {
    // After a submit in the browser, the answer takes focus (an error summary focuses itself).
    if (!submitted.current) return;
    submitted.current = false;
    if (check.answer?.kind === "plan") resultRef.current?.focus();
  }, [check]);

  return (
    <section id={RENEWAL_PLANNER_ID} className="tool-panel renewal-planner" aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-panel__title">
        {t("title")}
      </h2>
      <p>{t("intro")}</p>
      <AnsweredForm
        anchorId={RENEWAL_PLANNER_ID}
        hydrated={hydrated}
        problem={error ? { fieldId: FIELD_ID, label: t("label"), message: error } : undefined}
        onSubmit={() => {
          submitted.current = true;
        }}
      >
        <Field id={FIELD_ID} label={t("label")} hint={t("hint")} error={error} required>
          <DateInput name={RENEWAL_EXPIRY_PARAM} value={text} onValueChange={(value) => setText(value)} />
        </Field>
        <input type="hidden" name={LANGUAGE_QUERY} value={lang} />
        <button type="submit" className="button">
          {t("submit")}
        </button>
      </AnsweredForm>
      <div ref={resultRef} className="renewal-planner__result" tabIndex={-1} aria-live="polite">
        {answer?.kind === "plan" ? <PlanAnswer plan={answer} lang={lang} reminderHref={reminderHref} /> : null}
      </div>
    </section>
  );
}

function PlanAnswer({ plan, lang, reminderHref }: { plan: RenewalPlanAnswer; lang: string; reminderHref: string }) {
  const { t } = useTranslation("certificate-renewal");
  const expiry = longDay(plan.expiry, lang);
  return (
    <>
      <h3>{t("resultHeading")}</h3>
      <p className="renewal-planner__last-day">{t("lastDay", { date: longDay(plan.lastDay, lang) })}</p>
      <p className={plan.daysRemaining < 0 ? "renewal-planner__warning" : undefined}>
        {plan.expired
          ? t("expired", { expiry })
          : plan.daysRemaining >= 0
            ? t("daysLeft", { count: plan.daysRemaining })
            : t("passed", { count: -plan.daysRemaining, expiry })}
      </p>
      {!plan.expired ? (
        <>
          {/* A plain link: the server makes the file, with or without JavaScript. */}
          <a className="button button--secondary" href={`${reminderHref}${renewalReminderQuery(plan, lang)}`} download={t("fileName")}>
            {t("download")}
          </a>
          <p className="renewal-planner__download-hint">{t("downloadHint")}</p>
        </>
      ) : null}
    </>
  );
}
