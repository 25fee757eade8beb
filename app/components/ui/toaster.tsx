import { useTranslation } from "react-i18next";
import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION, TOAST_HOTKEY, hotkeyLabel } from "./toast-defaults";
import "./toaster.css";

/**
 * The notifications region, once per page (in app/root.tsx): a polite live region labelled
 * 'Notifications (Alt+T)'; Alt+T moves focus to the notifications. Show one with `notify()`.
 */
export function Toaster() {
  const { t } = useTranslation("common");
  return (
    <SonnerToaster
      position="bottom-right"
      hotkey={TOAST_HOTKEY}
      duration={TOAST_DURATION}
      containerAriaLabel={t("notifications.label")}
      customAriaLabel={t("notifications.region", { hotkey: hotkeyLabel(TOAST_HOTKEY) })}
      toastOptions={{ unstyled: true }}
    />
  );
}
