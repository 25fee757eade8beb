import type { TextareaHTMLAttributes } from "react";
import { useFieldControl } from "./field-context";

/** Visible rows of a textarea (the specification's widget default: 3). */
export const TEXTAREA_ROWS = 3;
/** Visible rows of a textarea inside a table cell (the specification's widget default: 1). */
export const TEXTAREA_CELL_ROWS = 1;

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** The textarea sits in a table cell: one row unless `rows` is given. */
  inCell?: boolean;
}

/** A multi-line text field: `TEXTAREA_ROWS` rows, `TEXTAREA_CELL_ROWS` inside a table cell. */
export function Textarea({ id, className, inCell = false, rows, ...props }: TextareaProps) {
  const control = useFieldControl(id);
  const classes = ["textarea", inCell ? "textarea--cell" : "", control["aria-invalid"] ? "textarea--error" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return <textarea {...control} className={classes} rows={rows ?? (inCell ? TEXTAREA_CELL_ROWS : TEXTAREA_ROWS)} {...props} />;
}
