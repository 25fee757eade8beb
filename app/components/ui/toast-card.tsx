import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { TOAST_DURATION, TOAST_REMOVE_DELAY, type ToastKind } from "./toast-defaults";

export interface ToastCardProps {
  id: string | number;
  title: ReactNode;
  description?: ReactNode;
  kind?: ToastKind;
  /** ms before closing on its own (default `TOAST_DURATION`); `Infinity` keeps it until closed. */
  duration?: number;
}

/**
 * One notification. It closes on its own after `duration` ms (paused while hovered or focused, WCAG
 * 2.2.1), or with its Close button; it then fades for `TOAST_REMOVE_DELAY` ms and is removed.
 * Timing lives here rather than in sonner, whose own removal delay is fixed at 200 ms.
 */
export function ToastCard({ id, title, description, kind = "info", duration = TOAST_DURATION }: ToastCardProps) {
  const { t } = useTranslation("common");
  const [phase, setPhase] = useState<"open" | "closing" | "removed">("open");
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [paused, setPaused] = useState(false);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    setPhase((current) => (current === "open" ? "closing" : current));
  }, []);

  useEffect(() => {
    if (phase !== "open" || paused || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    closeTimer.current = setTimeout(close, remaining.current);
    return () => {
      clearTimeout(closeTimer.current);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [phase, paused, close]);

  useEffect(() => {
    if (phase !== "closing") return;
    const timer = setTimeout(() => {
      setPhase("removed");
      toast.dismiss(id);
    }, TOAST_REMOVE_DELAY);
    return () => clearTimeout(timer);
  }, [phase, id]);

  if (phase === "removed") return null;
  return (
    <div
      className={`toast toast--${kind}`}
      data-state={phase}
      role="group"
      aria-label={t("notifications.label")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        <p className="toast__title">{title}</p>
        {description ? <p className="toast__description">{description}</p> : null}
      </div>
      <button type="button" className="toast__close" onClick={close}>
        {t("actions.close")}
      </button>
    </div>
  );
}
