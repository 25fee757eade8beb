import { Toast } from "radix-ui";
import { useTranslation } from "~/i18n/use-translation";
import { closeToast, type ToastItem } from "./toast-store";

/**
 * One notification (a Radix Toast): it closes on its own after its duration (paused while the
 * notifications are hovered or focused, WCAG 2.2.1), or with Close, Escape or a swipe; it then fades
 * and the store removes it `TOAST_REMOVE_DELAY` ms later (kept mounted until then: `forceMount`).
 */
export function ToastCard({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation("common");
  return (
    <Toast.Root
      className="toast-item"
      open={toast.open}
      forceMount
      duration={toast.duration}
      onOpenChange={(open) => {
        if (!open) closeToast(toast.id);
      }}
    >
      {/* Read out once, by the region (a polite live region), not copied again into Radix's own
          announcer: Radix skips what carries its announce-exclude mark, as it does for Close. */}
      <div
        data-radix-toast-announce-exclude=""
        className={`toast toast--${toast.kind}`}
        data-state={toast.open ? "open" : "closing"}
        role="group"
        aria-label={t("notifications.label")}
      >
        <div className="toast__body">
          <Toast.Title asChild>
            <p className="toast__title">{toast.title}</p>
          </Toast.Title>
          {toast.description ? (
            <Toast.Description asChild>
              <p className="toast__description">{toast.description}</p>
            </Toast.Description>
          ) : null}
        </div>
        <Toast.Close className="toast__close">{t("actions.close")}</Toast.Close>
      </div>
    </Toast.Root>
  );
}
