import { createContext, useContext } from "react";

export interface FieldContextValue {
  /** Id of the control, its label points at it. */
  id: string;
  hintId?: string;
  errorId?: string;
  invalid: boolean;
  required: boolean;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * The attributes a control needs inside a `<Field>` (id, `aria-describedby` with the hint and the error,
 * `aria-invalid`, `aria-required`). Outside a field it returns the explicit id only.
 */
export function useFieldControl(explicitId?: string) {
  const field = useContext(FieldContext);
  const describedBy = [field?.hintId, field?.errorId].filter(Boolean).join(" ") || undefined;
  return {
    id: explicitId ?? field?.id,
    "aria-describedby": describedBy,
    "aria-invalid": field?.invalid ? (true as const) : undefined,
    "aria-required": field?.required ? (true as const) : undefined,
  };
}
