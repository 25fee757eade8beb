import { useSyncExternalStore, type ReactNode } from "react";
import { TOAST_REMOVE_DELAY, type ToastKind } from "./toast-defaults";

export interface ToastItem {
  id: number;
  title: ReactNode;
  description?: ReactNode;
  kind: ToastKind;
  /** ms before closing on its own; `Infinity` keeps it until closed. */
  duration: number;
  /** False from closing until its removal `TOAST_REMOVE_DELAY` ms later (time for the fade-out). */
  open: boolean;
}

// One list per page, outside React, so that any code (an event handler, a promise) can call notify().
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const NONE: readonly ToastItem[] = [];

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function addToast(toast: Omit<ToastItem, "id" | "open">): number {
  const id = nextId++;
  publish([...toasts, { ...toast, id, open: true }]);
  return id;
}

/** Closes a toast (its own timer, Close, Escape or a swipe) and removes it `TOAST_REMOVE_DELAY` ms later. */
export function closeToast(id: number): void {
  if (!toasts.some((toast) => toast.id === id && toast.open)) return;
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  setTimeout(() => publish(toasts.filter((toast) => toast.id !== id)), TOAST_REMOVE_DELAY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's toasts (none during the server render: toasts are client-side only). */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
}

/** Removes every toast at once, without the fade (tests start from an empty list). */
export function removeAllToasts(): void {
  publish(NONE);
}
