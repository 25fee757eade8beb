import { lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated";
import "./toaster.css";

// Toasts are client-side only: the region's code loads after hydration, off the first-load path.
const ToastRegion = lazy(() => import("./toast-region").then((module) => ({ default: module.ToastRegion })));

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
