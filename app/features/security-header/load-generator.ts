import { loadOnce } from "~/lib/load-once";

/**
 * Loads the crypto chunk (the library, @noble/ciphers and forge's jsbn) on first use of the form; later
 * calls reuse it, and a failed load (network) is tried again on the next call.
 */
export const loadGenerator = loadOnce(() => import("./generate-header"));
