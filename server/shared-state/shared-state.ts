import { randomBytes } from "node:crypto";
import { MemoryStore, type Store } from "express-rate-limit";
import { memoryBoundedRecords, type BoundedRecords, type RecordBounds } from "./bounded-records";
import { memoryOwnedEntries, type OwnedEntries } from "./owned-entries";

/**
 * State that every instance of the portal must see alike: the sign-in states already used, the
 * sessions signed out before their expiry (and the life of the store they were made in), and the
 * counters of every per-client and global limit.
 * This process's memory is one implementation (`memorySharedState`); a shared one (Redis) only has to
 * implement this interface, and every limit and list follows.
 */
export interface SharedState {
  /**
   * Remembers `key` in `namespace` until `expiresAt` (epoch ms). True the first time; false when it
   * is already remembered, or when the namespace is full of unexpired keys (fail closed).
   */
  claimOnce(namespace: string, key: string, expiresAt: number): Promise<boolean>;
  /** Whether `key` is remembered (and not expired) in `namespace`. */
  has(namespace: string, key: string): Promise<boolean>;
  /**
   * A counter store for one limit (express-rate-limit's Store interface, so a limiter and a hand-made
   * budget count the same way); `name` keeps the limits apart in a shared store.
   */
  counters(name: string): Store;
  /**
   * A space of records bounded in bytes per owner and in all, each capped and kept for a time (the
   * sandbox's traces: ./bounded-records.ts). One object per space: ask once, keep it.
   */
  records(namespace: string, bounds: RecordBounds): BoundedRecords;
  /** Small entries grouped by owner, kept until deleted, a bounded number per group (./owned-entries.ts). */
  entries(namespace: string): OwnedEntries;
  /** Whether the shared state answers now (a PING; always true in memory). */
  reachable(): Promise<boolean>;
  /**
   * Whether the shared state is known not to answer at this moment (its last command failed or timed
   * out, or its connection is down), without asking it: what pages say while it is so. Always false in memory.
   */
  degraded(): boolean;
  /**
   * The id of the store's present life: the same for as long as it keeps its data, a new one once its
   * data is lost (a Redis that came back empty; another process's memory). A session is made in one
   * life and honoured only in it, so that no loss of data can bring back a session signed out before
   * it (server/auth/revoked-sessions.ts). Throws SharedStateUnavailable when it cannot be read.
   */
  lifetime(): Promise<string>;
  /** Closes the connection, if any (the last step of a graceful shutdown). */
  close(): Promise<void>;
  /** What the start log says about where the state lives. */
  describe(): { kind: "memory" | "redis" } & Record<string, unknown>;
}

/**
 * Thrown by claimOnce and has when a shared store cannot answer in time: the caller fails closed
 * (a sign-in state that cannot be checked is refused).
 */
export class SharedStateUnavailable extends Error {
  constructor(message: string) {
    super(`shared state unavailable: ${message}`);
    this.name = "SharedStateUnavailable";
  }
}

/** A bounded map of keys to expiry times (epoch ms). */
class ExpiringKeys {
  private readonly keys = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.keys.size;
  }

  has(key: string): boolean {
    const expiresAt = this.keys.get(key);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  claim(key: string, expiresAt: number): boolean {
    const time = this.now();
    if (this.has(key)) return false;
    if (this.keys.size >= this.maxEntries) this.prune(time);
    if (this.keys.size >= this.maxEntries) return false;
    this.keys.set(key, Math.max(expiresAt, time));
    return true;
  }

  private prune(time: number): void {
    for (const [key, expiresAt] of this.keys) if (expiresAt <= time) this.keys.delete(key);
  }
}

export interface MemorySharedStateOptions {
  /** Keys per namespace (default 50,000: a few MB at most). */
  maxEntries?: number;
  now?: () => number;
}

/** This process's memory: right for one instance (docs/scaling.md names the shared one). */
export function memorySharedState({ maxEntries = 50_000, now = Date.now }: MemorySharedStateOptions = {}): SharedState & {
  size(namespace: string): number;
  /** Every record value held in a space (tests search it for what must never be stored). */
  recordValues(namespace: string): string[];
} {
  const recordSpaces = new Map<string, ReturnType<typeof memoryBoundedRecords>>();
  const entrySpaces = new Map<string, OwnedEntries>();
  const namespaces = new Map<string, ExpiringKeys>();
  const space = (name: string) => {
    let keys = namespaces.get(name);
    if (!keys) {
      keys = new ExpiringKeys(maxEntries, now);
      namespaces.set(name, keys);
    }
    return keys;
  };
  // This process's memory is lost with the process: its life is the process's.
  const life = randomBytes(16).toString("base64url");
  return {
    claimOnce: (namespace, key, expiresAt) => Promise.resolve(space(namespace).claim(key, expiresAt)),
    has: (namespace, key) => Promise.resolve(space(namespace).has(key)),
    records: (namespace, bounds) => {
      let space = recordSpaces.get(namespace);
      if (!space) {
        space = memoryBoundedRecords(bounds, now);
        recordSpaces.set(namespace, space);
      }
      return space;
    },
    recordValues: (namespace) => recordSpaces.get(namespace)?.values() ?? [],
    entries: (namespace) => {
      let space = entrySpaces.get(namespace);
      if (!space) {
        space = memoryOwnedEntries();
        entrySpaces.set(namespace, space);
      }
      return space;
    },
    // One store per limit: express-rate-limit refuses one store shared by two limiters.
    counters: () => new MemoryStore(),
    reachable: () => Promise.resolve(true),
    degraded: () => false,
    lifetime: () => Promise.resolve(life),
    close: () => Promise.resolve(),
    describe: () => ({ kind: "memory" }),
    size: (namespace) => space(namespace).size,
  };
}
