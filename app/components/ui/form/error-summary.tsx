import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export interface ErrorSummaryItem {
  /** Id of the field's control; the link goes to `#<fieldId>`. */
  fieldId: string;
  /** The field's label as shown above it, so the entry says which field is wrong. */
  label: string;
  /** What is wrong, as shown at the field ('Mandatory'). */
  message: string;
}

export interface ErrorSummaryProps {
  errors: ErrorSummaryItem[];
  /** Default: 'Please, correct the errors in the fields.' */
  title?: ReactNode;
  /** Its id, when a form's address lands on it (`#<id>`: the browser focuses it as the page opens). */
  id?: string;
}

/**
 * The GOV.UK error summary, at the top of a form: its title, then one link per error, naming the field
 * and the problem ('Username: Mandatory'), that moves focus to the field. It takes focus when it appears (and whenever the list of errors changes) so keyboard and
 * screen-reader users land on it after a failed submit. Renders nothing without errors.
 */
export function ErrorSummary({ errors, title, id }: ErrorSummaryProps) {
  const { t } = useTranslation("ui");
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((error) => error.fieldId).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    // GOV.UK: bring the label into view with the field, then focus the field.
    const label = document.querySelector<HTMLElement>(`label[for="${CSS.escape(fieldId)}"]`);
    (label ?? field).scrollIntoView?.({ block: "start" });
    field.focus({ preventScroll: true });
  };
  return (
    <div ref={ref} id={id} className="error-summary" tabIndex={-1} role="alert">
      <h2 className="error-summary__title">
        {title ?? t("form.errorSummaryTitle")}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId)}>
              {t("form.errorSummaryItem", { label: error.label, message: error.message })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
