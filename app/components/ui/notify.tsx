import type { ReactNode } from "react";
import { toast } from "sonner";
import { ToastCard } from "./toast-card";
import { TOAST_DURATION, type ToastKind } from "./toast-defaults";

export interface NotifyOptions {
  description?: ReactNode;
  kind?: ToastKind;
  /** ms before closing on its own (default `TOAST_DURATION`, 5 s); `Infinity` keeps it until closed. */
  duration?: number;
}

/**
 * Shows a notification in the page's `<Toaster>`: `notify(t("copied"), { kind: "success" })`.
 * Pass texts already translated. Returns the toast id.
 */
export function notify(title: ReactNode, { description, kind = "info", duration = TOAST_DURATION }: NotifyOptions = {}) {
  // sonner's own timer is switched off: ToastCard closes itself and removes itself 250 ms later.
  return toast.custom((id) => <ToastCard id={id} title={title} description={description} kind={kind} duration={duration} />, {
    duration: Infinity,
    unstyled: true,
  });
}
