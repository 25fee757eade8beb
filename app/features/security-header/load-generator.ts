import type * as Generator from "./generate-header";

let pending: Promise<typeof Generator> | null = null;

/**
 * Loads the crypto chunk (the library, @noble/ciphers and forge's jsbn) on first use of the form; later calls reuse
 * it. A failed load (network) is forgotten so that the next attempt tries again.
 */
export function loadGenerator(): Promise<typeof Generator> {
  pending ??= import("./generate-header").catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
