import type { HTMLAttributes } from "react";

/** Help text under a label; the control refers to it with `aria-describedby`. */
export function Hint({ className, ...props }: HTMLAttributes<HTMLDivElement> & { id: string }) {
  return <div className={className ? `hint ${className}` : "hint"} {...props} />;
}
