/** A toast closes on its own after this many ms (default 5 s), unless hovered or focused. */
export const TOAST_DURATION = 5000;
/** A closed toast is removed this many ms after closing (default 250 ms), time for its fade-out. */
export const TOAST_REMOVE_DELAY = 250;
/** Keys that move focus to the notifications (Radix Toast's `hotkey`: KeyboardEvent properties and codes). */
export const TOAST_HOTKEY = ["altKey", "KeyT"];

/** The hotkey as people read it: ["altKey", "KeyT"] → "Alt+T". */
export function hotkeyLabel(keys: readonly string[]): string {
  return keys
    .map((key) => key.replace(/Key$/, "").replace(/^Key/, "").replace(/^Digit/, ""))
    .map((key) => (key.length > 1 ? key.charAt(0).toUpperCase() + key.slice(1) : key))
    .join("+");
}

export type ToastKind = "info" | "success" | "warning" | "error";
