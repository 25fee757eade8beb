import type { SelectHTMLAttributes } from "react";
import { useFieldControl } from "./field-context";

export interface SelectOption {
  value: string;
  label: string;
  /** `data-*` attributes of the option, e.g. for a CSS rule on the chosen option (`option[data-x]:checked`). */
  data?: Readonly<Record<`data-${string}`, string>>;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  options: readonly SelectOption[];
}

/** A native select; inside a `<Field>` it takes the field's id, description and invalid state. Works without JavaScript. */
export function Select({ id, className, options, ...props }: SelectProps) {
  const control = useFieldControl(id);
  const classes = ["select", control["aria-invalid"] ? "select--error" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <select {...control} className={classes} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value} {...option.data}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
