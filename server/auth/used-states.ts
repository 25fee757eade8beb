import type { SharedState } from "../shared-state/shared-state";

// A sign-in's `state` is used once. The transaction travels in an encrypted cookie (the server keeps
// no session), so without this a captured callback address and cookie could be replayed until the
// transaction expires, each replay making a token request with the portal's client credentials.
// Each state is remembered from its first callback until its transaction expires, in the shared state
// (server/shared-state), so that every instance refuses a replay.

export interface UsedStates {
  /**
   * True the first time a state is presented (and remembers it until `expiresAt`); false for a
   * replay, or when the store is full of unexpired states (then the callback is refused: fail closed).
   */
  claim(state: string, expiresAt: number): Promise<boolean>;
}

const NAMESPACE = "used-sign-in-state";

export function usedStates(shared: SharedState): UsedStates {
  return { claim: (state, expiresAt) => shared.claimOnce(NAMESPACE, state, expiresAt) };
}
