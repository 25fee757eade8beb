import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import { afterFirstHydration } from "~/components/ui/hydration/first-hydration";

// Toasts are client-side only: the region's code loads once the first hydration is over and the
// browser is idle, off the first-load path (a toast shown earlier waits in the store).
const ToastRegion = lazy(() =>
  afterFirstHydration()
    .then(() => import("./toast-region"))
    .then((module) => ({ default: module.ToastRegion })),
);

/**
 * The notifications region, once per page (in app/root.tsx): labelled 'Notifications (Alt+T)';
 * Alt+T moves focus to the notifications. Show one with `notify()`. Styled by toaster.css only.
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
