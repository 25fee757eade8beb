/**
 * Runs `load` on the first call and gives every later call the same promise; a failed load (a network
 * error fetching a chunk) is forgotten, so the next call tries again. For code a widget needs only once
 * the visitor acts: `export const loadX = loadOnce(() => import("./x"));`.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
