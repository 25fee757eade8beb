import { loadOnce } from "~/lib/load-once";

/**
 * Loads the result's chunk (the read-only box, Copy and its Radix dropdown menu, the countdown) with the
 * generator, on first use of the form: no result exists before the visitor generates one (the password
 * never leaves the browser, so the server never renders one), and the menu's positioning code was
 * 16 KB gzip of the page's first load.
 */
export const loadHeaderResult = loadOnce(() => import("./header-result"));
