import type { LabelHTMLAttributes } from "react";

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string };

/** A form label (bold, above its control, GOV.UK style). */
export function Label({ className, ...props }: LabelProps) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- htmlFor is required by the type
  return <label className={className ? `label ${className}` : "label"} {...props} />;
}
