import { useTranslation } from "~/i18n/use-translation";
import { DateInput, useDateErrorMessage } from "~/components/ui/date/date-input";
import { AnsweredToolPanel } from "~/components/ui/tool-panel/answered-tool-panel";
import { Field } from "~/components/ui/form/field";
import { useAnsweredText } from "~/components/ui/tool-panel/use-answered-text";
import { useAddressAnswer } from "~/components/ui/tool-panel/use-address-answer";
import { MANDATORY_MESSAGE_KEY } from "~/components/ui/form/form-validation";
import { RENEWAL_EXPIRY_PARAM, RENEWAL_PLANNER_ID, readRenewalCheck, type RenewalCheckState, type RenewalPlanAnswer } from "./renewal-check";
import { longDay, renewalReminderQuery } from "./renewal-reminder";
import { useLanguage } from "~/i18n/use-language";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";

/** Id of the planner's field: one planner per page. */
const FIELD_ID = "renewal-expiry";

export interface CertificateRenewalPlannerProps {
  /** The planner the server read from the page address (the route's loader): the first answer shown. */
  check: RenewalCheckState;
  /** Address of the .ics reminder (a resource route that answers `text/calendar`). */
  reminderHref: string;
}

/**
 * The certificate renewal planner of the web services page: the visitor types (or, with JavaScript,
 * picks) the certificate's expiry date and sees the last day to request the renewal (one month before),
 * the days left, and a link to an .ics reminder. The last day is never a day the authority is closed: a
 * Saturday, Sunday or public holiday one month before expiry gives way to the working day before, and
 * the answer says why. A plain GET form: without JavaScript the server
 * answers (`?validade=…&lang=…`); with it, the form's query goes to the address bar and the browser
 * answers it with the same rules (`readRenewalCheck`, useAddressAnswer), then focus moves to the
 * answer; Back shows the previous answer. No router: the page hydrates it as an island.
 */
export function CertificateRenewalPlanner({ check, reminderHref }: CertificateRenewalPlannerProps) {
  const { t } = useTranslation("certificate-renewal");
  const { t: tUi } = useTranslation("ui");
  const dateError = useDateErrorMessage();
  const lang = useLanguage();
  // The calendar button exists once the island has hydrated: only then does the hint mention it.
  const hydrated = useHydrated();
  const shown = useAddressAnswer(check, (url) => readRenewalCheck(url, lang));
  const [text, setText] = useAnsweredText(shown.state.text, shown.key);

  const { answer } = shown.state;
  const error =
    answer?.kind === "mandatory" ? tUi(MANDATORY_MESSAGE_KEY) : answer?.kind === "invalid" ? dateError(answer.error) : undefined;

  return (
    <AnsweredToolPanel
      id={RENEWAL_PLANNER_ID}
      className="renewal-planner"
      texts={(key) => t(key)}
      problems={error ? [{ fieldId: FIELD_ID, label: t("label"), message: error }] : []}
      answer={shown.state}
      answerKey={shown.key}
      onSubmit={shown.submit}
      resultClassName="renewal-planner__result"
      result={answer?.kind === "plan" ? <PlanAnswer plan={answer} lang={lang} reminderHref={reminderHref} /> : null}
    >
      <Field id={FIELD_ID} label={t("label")} hint={hydrated ? `${t("hint")} ${t("hintCalendar")}` : t("hint")} error={error} required>
        <DateInput name={RENEWAL_EXPIRY_PARAM} value={text} onValueChange={(value) => setText(value)} />
      </Field>
    </AnsweredToolPanel>
  );
}

function PlanAnswer({ plan, lang, reminderHref }: { plan: RenewalPlanAnswer; lang: string; reminderHref: string }) {
  const { t } = useTranslation("certificate-renewal");
  const expiry = longDay(plan.expiry, lang);
  return (
    <>
      <h3>{t("resultHeading")}</h3>
      <p className="renewal-planner__last-day">{t("lastDay", { date: longDay(plan.lastDay, lang) })}</p>
      {/* One month before expiry the authority is closed: the last day is the working day before, and why. */}
      {plan.movedFrom ? <p>{t(`moved.${plan.movedFrom.reason}`, { from: longDay(plan.movedFrom.day, lang) })}</p> : null}
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
