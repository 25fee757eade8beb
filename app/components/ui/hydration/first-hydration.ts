/**
 * The page's first hydration, for code that the server-rendered HTML does not need before it is over.
 * entry.client calls `startFirstHydration` before hydrating, the root's first effect
 * `markFirstHydration`; anywhere else (server, tests, no hydration) there is nothing to wait for.
 */
let state: "none" | "hydrating" | "done" = "none";
const waiting: (() => void)[] = [];
/** Never wait forever, even if the root's effect does not run. */
const LONGEST_WAIT_MS = 5_000;

export function startFirstHydration(): void {
  if (state !== "none") return;
  state = "hydrating";
  setTimeout(markFirstHydration, LONGEST_WAIT_MS);
}

export function markFirstHydration(): void {
  state = "done";
  for (const resolve of waiting.splice(0)) resolve();
}

/** Whether the first hydration is under way. */
export function isFirstHydrationPending(): boolean {
  return state === "hydrating";
}

/**
 * Resolves at once when no first hydration is under way; otherwise once it is over and then the
 * browser is idle (at most `timeoutMs` later).
 */
export function afterFirstHydration(timeoutMs = 1_000): Promise<void> {
  if (!isFirstHydrationPending()) return Promise.resolve();
  return new Promise<void>((resolve) => waiting.push(resolve)).then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
        else setTimeout(resolve, 1);
      }),
  );
}
