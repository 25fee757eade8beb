import type { SharedState } from "../shared-state/shared-state";

// Sessions live in an encrypted cookie, so a copy of the cookie would outlive sign-out until it
// expires. Sign-out remembers the session's id until then, in the shared state (server/shared-state)
// beside the used sign-in states, so that every instance treats the copy as signed out.
//
// A sign-out must never be undone, not even by a store that loses its data (a Redis restarted without
// its append-only file, a new volume, this process's memory after a restart): each session carries the
// life of the store it was made in (SharedState.lifetime), and is honoured only in that life. A store
// that comes back empty starts another life, and every session made before is refused (its visitor
// signs in again) rather than any signed-out one brought back.

export interface RevokedSessions {
  revoke(id: string, expiresAt: number): Promise<void>;
  /**
   * Whether a session must be refused: signed out, or made in another life of the store (or before
   * sessions carried one). Throws SharedStateUnavailable when the store cannot answer.
   */
  isRevoked(session: { id: string; lifetime: string | null }): Promise<boolean>;
  /** The store's present life, sealed into a new session. Throws SharedStateUnavailable when it cannot answer. */
  lifetime(): Promise<string>;
}

const NAMESPACE = "revoked-session";

export function revokedSessions(shared: SharedState): RevokedSessions {
  return {
    revoke: async (id, expiresAt) => {
      await shared.claimOnce(NAMESPACE, id, expiresAt);
    },
    // Both asked at once (one round trip on the one connection).
    isRevoked: async ({ id, lifetime }) => {
      const [signedOut, present] = await Promise.all([shared.has(NAMESPACE, id), shared.lifetime()]);
      return signedOut || lifetime !== present;
    },
    lifetime: () => shared.lifetime(),
  };
}
