import type { ReactNode } from "react";

export interface CheckboxFieldProps {
  id: string;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** A native checkbox with its label and an optional hint read with it (aria-describedby). */
export function CheckboxField({ id, name, checked, onCheckedChange, label, hint, className }: CheckboxFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <div id={hintId} className="hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
