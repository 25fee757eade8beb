import { useEffect, useRef, type ReactNode } from "react";
import { AnsweredForm } from "./answered-form";
import { ANSWERED_PANEL_ATTRIBUTE } from "./answered-page-script";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ui/form/error-summary";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import { LANGUAGE_QUERY } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

export interface AnsweredToolPanelProps {
  /** Id of the panel's section; the answer's address ends with `#<id>`. */
  id: string;
  /** Extra class of the section (the tool's own styles). */
  className: string;
  /** The tool's texts, from its namespace: title, intro, the button. */
  texts: (key: "title" | "intro" | "submit") => string;
  /**
   * Where the panel's heading comes from: its own h2 (`title`, the default), or the page's content, whose
   * `##` heading just above the panel is then in "On this page" (the time-limit calculator). With the
   * page's heading, `id` is the answer's own: the error summary's, or else the answer's box (focusable,
   * empty before an answer), at the top of the panel, so the form's address (`#<id>`) opens the page
   * with focus on it (the browser focuses a fragment's focusable target, without any script); the intro
   * goes into the form.
   */
  heading?: "own" | "page";
  /** The fields that failed, in the order of the form (each field shows its own message too). */
  problems: readonly ErrorSummaryItem[];
  /** The answer this panel shows: a new one after a browser submit moves the focus. */
  answer: unknown;
  /** Changes with each answer in the browser (useAddressAnswer's key); 0 for the server's answer. */
  answerKey?: number;
  /** Answers the form in the browser (useAddressAnswer's submit); without it the server answers. */
  onSubmit?: (form: HTMLFormElement) => void;
  /** What the answer shows under the form, or null when there is nothing to show (no answer, an error). */
  result: ReactNode;
  resultClassName: string;
  /** The tool's fields (`<Field>`, `<RadioGroupField>`…), each with its own label and error. */
  children: ReactNode;
}

/**
 * A boxed tool inside a content page that asks a few things and shows the answer below (the IVAExp
 * check, the certificate renewal planner, the time-limit calculator), the answer above the form. A plain
 * GET form underneath (AnsweredForm): the server answers without JavaScript, and the form's address ends
 * with `#<id>`, so the page opens at the answer. With an `onSubmit` (from useAddressAnswer, in an island)
 * the browser answers the same address with the same rules and focus moves to the answer (an error
 * summary focuses itself). No router: it works inside an island. The page carries a small module that
 * keeps the language switch on the answered address (answered-page-script.ts).
 */
export function AnsweredToolPanel(props: AnsweredToolPanelProps) {
  const { id, className, texts, heading = "own", problems, answer, answerKey, onSubmit, result, resultClassName, children } = props;
  const lang = useLanguage();
  const hydrated = useHydrated();
  const resultRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const headingId = `${id}-heading`;
  const hasResult = result !== null && result !== undefined;
  const intro = <p>{texts("intro")}</p>;

  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    if (hasResult) resultRef.current?.focus();
  }, [answer, hasResult]);

  const onFormSubmit =
    onSubmit &&
    ((form: HTMLFormElement) => {
      submitted.current = true;
      onSubmit(form);
    });
  const marker = { [ANSWERED_PANEL_ATTRIBUTE]: "" };
  const fields = (
    <>
      {children}
      {/* The answer comes back in the page's language, with or without JavaScript. */}
      <input type="hidden" name={LANGUAGE_QUERY} value={lang} />
      <button type="submit" className="button">
        {texts("submit")}
      </button>
    </>
  );
  if (heading === "page") {
    return (
      <div className={`tool-panel ${className}`} {...marker}>
        {/* The form's address lands on the error summary, or else on the answer: the browser focuses it. */}
        {problems.length > 0 ? <ErrorSummary key={answerKey} id={id} errors={[...problems]} /> : null}
        <div id={problems.length > 0 ? undefined : id} ref={resultRef} className={resultClassName} tabIndex={-1} aria-live="polite">
          {result}
        </div>
        <AnsweredForm anchorId={id} hydrated={hydrated} onSubmit={onFormSubmit}>
          {intro}
          {fields}
        </AnsweredForm>
      </div>
    );
  }
  return (
    <section id={id} className={`tool-panel ${className}`} aria-labelledby={headingId} {...marker}>
      <h2 id={headingId} className="tool-panel__title">
        {texts("title")}
      </h2>
      {intro}
      {/* The answer comes first: the form's address lands on this section, and a phone shows the
          answer before the questions it answers (they stay filled in below). */}
      <div ref={resultRef} className={resultClassName} tabIndex={-1} aria-live="polite">
        {result}
      </div>
      <AnsweredForm anchorId={id} hydrated={hydrated} problems={problems} answerKey={answerKey} onSubmit={onFormSubmit}>
        {fields}
      </AnsweredForm>
    </section>
  );
}
