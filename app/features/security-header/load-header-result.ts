import type * as HeaderResultModule from "./header-result";

let pending: Promise<typeof HeaderResultModule> | null = null;

/**
 * Loads the result's chunk (the read-only box, Copy and its Radix dropdown menu, the countdown) with the
 * generator, on first use of the form: no result exists before the visitor generates one (the password
 * never leaves the browser, so the server never renders one), and the menu's positioning code was
 * 16 KB gzip of the page's first load. A failed load (network) is forgotten so that the next attempt
 * tries again.
 */
export function loadHeaderResult(): Promise<typeof HeaderResultModule> {
  pending ??= import("./header-result").catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
