import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";

/** Resolves at the browser's next idle moment (at most 1 s away). */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });

// Toasts are client-side only: the region renders once its island has hydrated, and its code loads at the
// next idle moment after that, off the first-load path (a toast shown earlier waits in the store).
const ToastRegion = lazy(() =>
  idle()
    .then(() => import("./toast-region"))
    .then((module) => ({ default: module.ToastRegion })),
);

/**
 * The notifications region, once per island that announces (app/islands/security-header-form.island.tsx):
 * labelled 'Notifications (Alt+T)'; Alt+T moves focus to the notifications. Show one with `notify()`.
 * Styled by toaster.css only.
 */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
