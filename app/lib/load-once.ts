/**
 * Runs `load` on the first call and gives every later call the same promise; a failed load (a network
 * error fetching a chunk) is forgotten, so the next call tries again. For code a widget needs only once
 * the visitor acts: `export const loadX = loadOnce(() => import("./x"));`.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  const byKey = loadOnceByKey<undefined, T>(() => load());
  return () => byKey(undefined);
}

/**
 * `loadOnce` per key: one promise per key while it is pending or fulfilled; a failed load of a key is
 * forgotten, so the next call for that key tries again (other keys are not touched).
 */
export function loadOnceByKey<K, T>(load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const pending = new Map<K, Promise<T>>();
  return (key) => {
    let promise = pending.get(key);
    if (!promise) {
      try {
        promise = load(key);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      pending.set(key, promise);
      promise.catch(() => {
        if (pending.get(key) === promise) pending.delete(key);
      });
    }
    return promise;
  };
}
