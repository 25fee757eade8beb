import type { ReactNode } from "react";
import { addToast } from "./toast-store";
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
export function notify(title: ReactNode, { description, kind = "info", duration = TOAST_DURATION }: NotifyOptions = {}): number {
  return addToast({ title, description, kind, duration });
}
