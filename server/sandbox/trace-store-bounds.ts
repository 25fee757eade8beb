// What the trace store costs Redis, as the operations guide states it (docs/scaling.md, "Redis's
// memory"), checked by scripts/checks/security/trace-store-flood.test.ts against the real redis-server: the
// portal writes at most limits.traceBytesInAll bytes of traces (values and list summaries, counted
// before each write: server/shared-state/bounded-records.ts); Redis adds, per trace, its keys, the
// entries of the lists and counters (a few hundred bytes) and keeps a baseline of its own (about
// 1 MB empty). A trace is at least ~1 KB, so the overhead stays under half the budget.

/** Redis's own baseline with the portal's other keys (sign-in states, sessions, counters), in bytes. */
export const REDIS_BASELINE_BYTES = 2 * 1024 * 1024;

/** The most Redis's used_memory grows to with a trace store of `traceBytesInAll` bytes: baseline + 1.5 × budget. */
export function redisMemoryBound(traceBytesInAll: number): number {
  return REDIS_BASELINE_BYTES + Math.ceil(1.5 * traceBytesInAll);
}
