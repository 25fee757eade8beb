import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster as SonnerToasterType } from "sonner";
import { TOAST_DURATION, TOAST_HOTKEY, hotkeyLabel } from "./toast-defaults";
import "./toaster.css";

/**
 * The notifications region, once per page (in app/root.tsx): a polite live region labelled
 * 'Notifications (Alt+T)'; Alt+T moves focus to the notifications. Show one with `notify()`.
 * sonner is loaded after hydration (toasts are client-side only). It injects its own stylesheet at
 * runtime; the Content-Security-Policy allows exactly that stylesheet by hash (server/http/style-hashes.ts).
 */
export function Toaster() {
  const { t } = useTranslation("common");
  const [SonnerToaster, setSonnerToaster] = useState<typeof SonnerToasterType | null>(null);
  useEffect(() => {
    let live = true;
    void import("sonner").then((module) => {
      if (live) setSonnerToaster(() => module.Toaster);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!SonnerToaster) return null;
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
