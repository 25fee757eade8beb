import { useEffect, useRef, type ReactNode } from "react";
import { AnsweredForm } from "./answered-form";
import { Field } from "./field";
import { useHydrated } from "./use-hydrated";
import "./tool-panel.css";

export interface AnsweredToolPanelProps {
  /** Id of the panel's section; the answer's address ends with `#<id>`. */
  id: string;
  /** Extra class of the section (the tool's own styles). */
  className: string;
  title: string;
  intro: string;
  /** The one field of the tool; `children` is its input. */
  field: { id: string; label: string; hint: string; error?: string };
  submitLabel: string;
  /** Hidden fields sent with the form (the page's language). */
  hidden: Record<string, string>;
  /** The loader's answer this panel shows: a new one after a browser submit moves the focus. */
  answer: unknown;
  /** What the answer shows under the form, or null when there is nothing to show (no answer, an error). */
  result: ReactNode;
  resultClassName: string;
  children: ReactNode;
}

/**
 * A boxed tool inside a content page that asks one thing and shows the answer below (the IVAExp check,
 * the certificate renewal planner). A plain GET form underneath (AnsweredForm): the server answers
 * without JavaScript; with it, the client loader answers with the same rules and focus moves to the
 * answer (an error summary focuses itself).
 */
export function AnsweredToolPanel(props: AnsweredToolPanelProps) {
  const { id, className, title, intro, field, submitLabel, hidden, answer, result, resultClassName, children } = props;
  const hydrated = useHydrated();
  const resultRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const headingId = `${id}-heading`;
  const hasResult = result !== null && result !== undefined;

  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    if (hasResult) resultRef.current?.focus();
  }, [answer, hasResult]);

  return (
    <section id={id} className={`tool-panel ${className}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-panel__title">
        {title}
      </h2>
      <p>{intro}</p>
      <AnsweredForm
        anchorId={id}
        hydrated={hydrated}
        problem={field.error ? { fieldId: field.id, label: field.label, message: field.error } : undefined}
        onSubmit={() => {
          submitted.current = true;
        }}
      >
        <Field id={field.id} label={field.label} hint={field.hint} error={field.error} required>
          {children}
        </Field>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </AnsweredForm>
      <div ref={resultRef} className={resultClassName} tabIndex={-1} aria-live="polite">
        {result}
      </div>
    </section>
  );
}
