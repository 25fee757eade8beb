import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ui/form/error-summary";

export interface AnsweredFormProps {
  /** Id of the widget's section: the answer's address ends with `#<id>`, so a reload lands back on it. */
  anchorId: string;
  hydrated: boolean;
  /** The failed fields, in the order of the form, shown in the error summary. */
  problems?: readonly ErrorSummaryItem[];
  onSubmit?: () => void;
  children: ReactNode;
}

/**
 * A GET form answered through the page address: by the route's loader without JavaScript, by its
 * client loader with it. The error summary is keyed by address, so each failed submit mounts it again
 * and it takes focus again.
 */
export function AnsweredForm({ anchorId, hydrated, problems = [], onSubmit, children }: AnsweredFormProps) {
  const location = useLocation();
  return (
    <Form method="get" action={`#${anchorId}`} preventScrollReset noValidate onSubmit={onSubmit} data-interactive={hydrated ? "true" : undefined}>
      {problems.length > 0 ? <ErrorSummary key={location.key} errors={[...problems]} /> : null}
      {children}
    </Form>
  );
}
