import type { SharedState } from "../shared-state/shared-state";

// Sessions live in an encrypted cookie, so a copy of the cookie would outlive sign-out until it
// expires. Sign-out remembers the session's id until then, in the shared state (server/shared-state)
// beside the used sign-in states, so that every instance treats the copy as signed out.

export interface RevokedSessions {
  revoke(id: string, expiresAt: number): Promise<void>;
  isRevoked(id: string): Promise<boolean>;
}

const NAMESPACE = "revoked-session";

export function revokedSessions(shared: SharedState): RevokedSessions {
  return {
    revoke: async (id, expiresAt) => {
      await shared.claimOnce(NAMESPACE, id, expiresAt);
    },
    isRevoked: (id) => shared.has(NAMESPACE, id),
  };
}
