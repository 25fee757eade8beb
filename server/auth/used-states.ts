// A sign-in's `state` is used once. The transaction travels in an encrypted cookie (the server keeps
// no session), so without this a captured callback address and cookie could be replayed until the
// transaction expires, each replay making a token request with the portal's client credentials.
// Each state is remembered from its first callback until its transaction expires.

export interface UsedStates {
  /**
   * True the first time a state is presented (and remembers it until `expiresAt`); false for a
   * replay, or when the store is full of unexpired states (then the callback is refused: fail closed).
   */
  claim(state: string, expiresAt: number): boolean;
  readonly size: number;
}

export function usedStates({ maxEntries = 50_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {}): UsedStates {
  const seen = new Map<string, number>();
  const prune = () => {
    const time = now();
    for (const [state, expiresAt] of seen) if (expiresAt <= time) seen.delete(state);
  };
  return {
    claim(state, expiresAt) {
      const time = now();
      const known = seen.get(state);
      if (known !== undefined && known > time) return false;
      if (seen.size >= maxEntries) prune();
      if (seen.size >= maxEntries) return false;
      seen.set(state, Math.max(expiresAt, time));
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}
