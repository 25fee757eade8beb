import { Toast } from "radix-ui";
import { useTranslation } from "~/i18n/use-translation";
import { ToastCard } from "./toast-card";
import { TOAST_DURATION, TOAST_HOTKEY, hotkeyLabel } from "./toast-defaults";
import { useToasts } from "./toast-store";

/** The notifications region with its toasts: a Radix Toast provider and viewport (toasts close
 * on their own after 5 s and are removed 250 ms after closing). */
export function ToastRegion() {
  const { t } = useTranslation("common");
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION} label={t("notifications.label")} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
      <Toast.Viewport
        className="toast-viewport"
        aria-live="polite"
        hotkey={TOAST_HOTKEY}
        label={t("notifications.region", { hotkey: hotkeyLabel(TOAST_HOTKEY) })}
      />
    </Toast.Provider>
  );
}
