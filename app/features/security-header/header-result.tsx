import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/overlay/dropdown-menu";
import { Field } from "~/components/ui/form/field";
import { notify } from "~/components/ui/toast/notify";
import { Textarea } from "~/components/ui/form/textarea";
import { copyText } from "./copy-text";
import type { HeaderTargetId } from "./authority-environment";

/**
 * The checker's form field that "Check this header" fills with the target the header was made for
 * (read by the checker's action, app/routes/security-header-check.tsx). Here, in the result's own
 * chunk, so that the form's first load does not wait for another one.
 */
export const MADE_FOR_FIELD = "madeFor";
import { ANNOUNCED_SECONDS, useCountdown } from "./use-countdown";

export interface HeaderResultProps {
  /** The header (or the envelope): encrypted fields only, the password is not in it. */
  text: string;
  envelope: boolean;
  environmentName: string;
  /** The target it was encrypted for, which "Check this header" tells the checker. */
  madeFor: HeaderTargetId;
  /** The header checker's page ("Check this header" posts there). */
  checkerHref: string;
  expiresAtMs: number;
  /** Portal time − device time: the countdown runs on the portal's clock, like the header's Created. */
  clockOffsetMs: number;
  /** The NIF that fails the check digit, shown as a warning (the header was still made). */
  nifCheckDigitWarning: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Says something in the form's live region (kept outside this component so it is always in the page). */
  announce: (message: string) => void;
  onGenerateAgain: () => void;
}

const RESULT_ID = "security-header-result";

/** The XML on one line (no whitespace between tags), for tools that take the header as a single value. */
export function toOneLine(xml: string): string {
  return xml.replace(/>\s+</g, "><").trim();
}

function downloadXml(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/xml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The generated header: read-only box, Copy, and the 1-minute validity counting down to 'expired'. */
export function HeaderResult({
  text,
  envelope,
  environmentName,
  madeFor,
  checkerHref,
  expiresAtMs,
  clockOffsetMs,
  nifCheckDigitWarning,
  headingRef,
  announce,
  onGenerateAgain,
}: HeaderResultProps) {
  const { t } = useTranslation("security-header");
  const remaining = useCountdown(expiresAtMs, clockOffsetMs) ?? 0;
  const expired = remaining === 0;
  useAnnouncements(remaining, announce);

  const copy = async (value = text) => {
    if (await copyText(value)) {
      notify(t("copied"), { kind: "success" });
      return;
    }
    // Fallback: select the text so the visitor copies it with the keyboard.
    const box = document.getElementById(RESULT_ID);
    if (box instanceof HTMLTextAreaElement) {
      box.focus();
      box.select();
    }
    notify(t("copyFailed"), { kind: "warning", description: t("copyFailedDetail") });
  };

  const until = new Date(expiresAtMs).toISOString().slice(11, 19);
  return (
    <section className="security-header-result" aria-labelledby={`${RESULT_ID}-title`}>
      <h2 id={`${RESULT_ID}-title`} ref={headingRef} tabIndex={-1}>
        {t("resultTitle")}
      </h2>
      {nifCheckDigitWarning ? (
        <div className="callout callout--warning">
          <p className="callout__title">
            <strong>{t("nifWarningTitle")}</strong>
          </p>
          <p>{t("nifWarning", { nif: nifCheckDigitWarning })}</p>
        </div>
      ) : null}
      <Field id={RESULT_ID} label={t(envelope ? "resultEnvelopeLabel" : "resultLabel")} hint={t("resultHint", { environment: environmentName })}>
        <Textarea
          readOnly
          value={text}
          rows={envelope ? 14 : 9}
          spellCheck={false}
          autoCapitalize="off"
          className={expired ? "security-header-result__text security-header-result__text--expired" : "security-header-result__text"}
        />
      </Field>
      {expired ? (
        <div className="security-header-result__expired">
          <p className="security-header-result__status" data-testid="header-validity">
            <strong>{t("expired")}</strong>
          </p>
          <button type="button" className="button" onClick={onGenerateAgain}>
            {t("generateAgain")}
          </button>
        </div>
      ) : (
        <>
          <p className="security-header-result__status" data-testid="header-validity">
            {t("validFor", { count: remaining, time: until })}
          </p>
          <div className="security-header-result__actions">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t("copy")}
            </button>
            {/* Not modal: the rest of the page stays readable (a modal menu hides it from screen readers). */}
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger className="button button--secondary">{t("moreActions")}</DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem onSelect={() => void copy(toOneLine(text))}>{t("copyOneLine")}</DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => {
                    downloadXml(text, `security-header-${until.replaceAll(":", "")}.xml`);
                    notify(t("downloaded"), { kind: "success" });
                  }}
                >
                  {t("downloadXml")}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
          {/* A plain post to the checker's page (its answer is a page): the header only, never a password. */}
          <form method="post" action={checkerHref} className="security-header-result__check">
            <input type="hidden" name="envelope" value={text} />
            <input type="hidden" name={MADE_FOR_FIELD} value={madeFor} />
            <button type="submit" className="button button--secondary" aria-describedby={`${RESULT_ID}-check-hint`}>
              {t("checkThis")}
            </button>
            <p id={`${RESULT_ID}-check-hint`} className="hint">
              {madeFor === "sandbox" ? t("checkThisSandbox") : t("checkThisOther", { environment: environmentName })}
            </p>
          </form>
        </>
      )}
    </section>
  );
}

/** Announces at 30 s, 10 s and expiry only (a screen reader hearing every second could not work). */
function useAnnouncements(remaining: number, announce: (message: string) => void) {
  const { t } = useTranslation("security-header");
  const previous = useRef(remaining);
  useEffect(() => {
    const before = previous.current;
    previous.current = remaining;
    if (remaining === before) return;
    if (remaining === 0) {
      announce(t("expired"));
      return;
    }
    // "Crossed" rather than "equal": a throttled background tab may skip a second.
    if (ANNOUNCED_SECONDS.some((mark) => before > mark && remaining <= mark)) {
      announce(t("announceRemaining", { count: remaining }));
    }
  }, [remaining, announce, t]);
}
