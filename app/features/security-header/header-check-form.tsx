import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ui/form/error-summary";
import { Field } from "~/components/ui/form/field";
import { MANDATORY_MESSAGE_KEY } from "~/components/ui/form/form-validation";
import { Input } from "~/components/ui/form/input";
import { Textarea } from "~/components/ui/form/textarea";
import { HEADER_CHECK_MAX_BYTES, HEADER_CHECK_MAX_KILOBYTES, type HeaderCheckActionData } from "./header-check";
import { HeaderCheckReport } from "./header-check-report";
import { HeaderCheckKeyNotice } from "./header-check-key-notice";

const ENVELOPE_ID = "header-check-envelope";
const PASSWORD_ID = "header-check-password";
const ENVELOPE_ROWS = 14;

/**
 * The header checker (placed by the page's content, under its "paste it" step): a plain form posted to the page's own action, so it works without JavaScript.
 * An island (app/islands/header-check.island.tsx): the action's answer comes in as `data`, and the browser loads the answer page.
 * The server checks the header with the portal's local TEST key only. The password (optional) is
 * compared in the server's memory; it is never stored, logged or sent back, so its field starts empty.
 */
export interface HeaderCheckFormProps {
  /** The server refused a post too large to read (the page's `?tooLarge`). */
  tooLarge?: boolean;
  /** The action's answer to this post (the route's `actionData`), none before a check. */
  data?: HeaderCheckActionData | null;
  /** The generation form with the sandbox's current key chosen (the way to a header this checker can decrypt). */
  sandboxFormHref: string;
}

export function HeaderCheckForm({ tooLarge = false, data: answer = null, sandboxFormHref }: HeaderCheckFormProps) {
  const { t } = useTranslation("security-header");
  const { t: tUi } = useTranslation("ui");
  const data = answer ?? undefined;
  // Sent: the browser is loading the answer page (a plain post); the button says so meanwhile.
  const [busy, setBusy] = useState(false);
  const reportRef = useRef<HTMLHeadingElement>(null);
  // With scripts, an envelope over the limit is refused here, before it is sent (the server would too).
  const [tooLargeHere, setTooLargeHere] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const envelope = new FormData(event.currentTarget).get("envelope");
    const over = typeof envelope === "string" && new TextEncoder().encode(envelope).length > HEADER_CHECK_MAX_BYTES;
    setTooLargeHere(over);
    if (over) event.preventDefault();
    else setBusy(true);
  };

  // Back to this page from the browser's page cache: the post is no longer under way.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", shown);
    return () => window.removeEventListener("pageshow", shown);
  }, []);

  // A new report takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (data?.status === "checked" || data?.status === "foreign-key") reportRef.current?.focus();
  }, [data]);

  const tooLargeMessage = t("check.envelopeTooLarge", { kilobytes: HEADER_CHECK_MAX_KILOBYTES });
  const envelopeError = tooLargeHere
    ? tooLargeMessage
    : data?.status === "invalid"
      ? data.problem === "envelopeMissing"
        ? tUi(MANDATORY_MESSAGE_KEY)
        : tooLargeMessage
      : !data && tooLarge
        ? tooLargeMessage
        : undefined;
  const summary: ErrorSummaryItem[] = envelopeError ? [{ fieldId: ENVELOPE_ID, label: t("check.envelope"), message: envelopeError }] : [];

  return (
    <section className="header-check" aria-labelledby="header-check-title">
      <h3 id="header-check-title">{t("check.formTitle")}</h3>
      {data?.status === "refused" ? (
        <div className="callout callout--warning" role="alert">
          <p>
            {data.refusal.status === 429
              ? t("check.refused.quota", { limit: data.refusal.limit ?? 0, seconds: data.refusal.retryAfterSeconds })
              : t("check.refused.busy", { seconds: data.refusal.retryAfterSeconds })}
          </p>
        </div>
      ) : null}
      <form method="post" className="tool-panel header-check__form" noValidate onSubmit={onSubmit}>
        <ErrorSummary errors={summary} />
        <Field id={ENVELOPE_ID} label={t("check.envelope")} hint={t("check.envelopeHint", { kilobytes: HEADER_CHECK_MAX_KILOBYTES })} error={envelopeError} required>
          <Textarea
            name="envelope"
            rows={ENVELOPE_ROWS}
            defaultValue={data && "envelope" in data ? data.envelope : ""}
            spellCheck={false}
            autoCapitalize="off"
            className="header-check__envelope"
          />
        </Field>
        <Field id={PASSWORD_ID} label={t("check.password")} hint={t("check.passwordHint")}>
          <Input type="password" name="password" defaultValue="" autoComplete="off" className="header-check__password" />
        </Field>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("check.checking") : t("check.submit")}
        </button>
      </form>
      {data?.status === "checked" ? (
        <HeaderCheckReport outcome={data.outcome} sandboxFormHref={sandboxFormHref} passwordCompared={data.passwordCompared} headingRef={reportRef} />
      ) : null}
      {data?.status === "foreign-key" ? <HeaderCheckKeyNotice madeFor={data.madeFor} sandboxFormHref={sandboxFormHref} headingRef={reportRef} /> : null}
    </section>
  );
}
