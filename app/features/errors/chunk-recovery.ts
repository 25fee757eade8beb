// Page chunks (route modules) have hashed names. After a deployment the old ones may be gone, and a
// visitor still on the old page then fails to load the next page. The cure is one reload, which
// brings the new HTML and the new chunk names; a guard in sessionStorage makes sure a chunk that is
// really broken can never cause a reload loop: the second failure reaches the error boundary.

const GUARD_KEY = "areaoe:chunk-reload";
/** At most one automatic reload in this window. */
export const RELOAD_GUARD_MS = 60_000;

interface ReloadGuard {
  at: number;
  /** The in-app address the failed navigation was going to, resumed after the reload. */
  target?: string;
  resumed?: boolean;
}

function readGuard(storage: Storage): ReloadGuard | undefined {
  try {
    const value = JSON.parse(storage.getItem(GUARD_KEY) ?? "null") as ReloadGuard | null;
    return value && typeof value.at === "number" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when a reload is allowed now (and records it); false when one happened in the window. */
export function claimReload(storage: Storage, now: number, target?: string): boolean {
  const guard = readGuard(storage);
  if (guard && now - guard.at >= 0 && now - guard.at < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(GUARD_KEY, JSON.stringify({ at: now, target } satisfies ReloadGuard));
    return true;
  } catch {
    // Without storage there is no guard, and without a guard no automatic reload.
    return false;
  }
}

/** After the reload: the navigation the failure interrupted, once. */
export function takeResumeTarget(storage: Storage, now: number): string | undefined {
  const guard = readGuard(storage);
  if (!guard?.target || guard.resumed || now - guard.at >= RELOAD_GUARD_MS) return undefined;
  try {
    storage.setItem(GUARD_KEY, JSON.stringify({ ...guard, resumed: true }));
  } catch {
    return undefined;
  }
  return guard.target;
}
