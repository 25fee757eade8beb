import type { FormEvent, ReactNode } from "react";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ui/form/error-summary";

export interface AnsweredFormProps {
  /** Id of the widget's section: the answer's address ends with `#<id>`, so a reload lands back on it. */
  anchorId: string;
  hydrated: boolean;
  /** The failed fields, in the order of the form, shown in the error summary. */
  problems?: readonly ErrorSummaryItem[];
  /** Changes with each answer (useAddressAnswer's key): the error summary mounts again and takes focus. */
  answerKey?: number;
  /** Answers the form in the browser (useAddressAnswer's submit); without it the server answers. */
  onSubmit?: (form: HTMLFormElement) => void;
  children: ReactNode;
}

/**
 * A plain GET form answered through the page address: by the server without JavaScript; with it (an
 * `onSubmit`), in the browser with the same rules (useAddressAnswer). No router: it works inside an
 * island as well as on a page of text. The error summary is keyed by the answer, so each failed
 * submit mounts it again and it takes focus again.
 */
export function AnsweredForm({ anchorId, hydrated, problems = [], answerKey = 0, onSubmit, children }: AnsweredFormProps) {
  const handleSubmit = onSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }
    : undefined;
  return (
    <form method="get" action={`#${anchorId}`} noValidate onSubmit={handleSubmit} data-interactive={hydrated ? "true" : undefined}>
      {problems.length > 0 ? <ErrorSummary key={answerKey} errors={[...problems]} /> : null}
      {children}
    </form>
  );
}
