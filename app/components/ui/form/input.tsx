import type { InputHTMLAttributes } from "react";
import { useFieldControl } from "./field-context";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text input; inside a `<Field>` it takes the field's id, description and invalid state. */
export function Input({ id, className, ...props }: InputProps) {
  const control = useFieldControl(id);
  const classes = ["input", control["aria-invalid"] ? "input--error" : "", className ?? ""].filter(Boolean).join(" ");
  return <input type="text" {...control} className={classes} {...props} />;
}
