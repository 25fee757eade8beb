import { randomBytes } from "node:crypto";
import { MemoryStore, type Store } from "express-rate-limit";

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
   * Keeps a record (`value`, a string of at most `RECORD_MAX_BYTES`) under `key` in `namespace` for
   * `ttlSeconds`, in the list of its `owner` (a client): when the owner has more than `maxPerOwner`
   * records, its oldest are dropped; the namespace keeps at most `maxRecords` records in all (the
   * oldest dropped first), so that many clients together cannot fill the store either.
   */
  putRecord(namespace: string, record: { key: string; owner: string; value: string; ttlSeconds: number; maxPerOwner: number; maxRecords: number }): Promise<void>;
  /** A record kept by putRecord, or undefined when unknown, expired or dropped. */
  getRecord(namespace: string, key: string): Promise<string | undefined>;
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

/** The largest record putRecord keeps (a longer one is refused with an Error: the caller bounds it). */
export const RECORD_MAX_BYTES = 64 * 1024;

interface HeldRecord {
  value: string;
  owner: string;
  expiresAt: number;
}

/** Records in this process's memory: bounded per owner, in count and in bytes (oldest dropped first). */
class RecordSpace {
  /** In insertion order: the first entries are the oldest. */
  private readonly records = new Map<string, HeldRecord>();
  private readonly owners = new Map<string, string[]>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  put(key: string, owner: string, value: string, ttlSeconds: number, maxPerOwner: number, maxRecords: number): void {
    this.drop(key);
    this.records.set(key, { value, owner, expiresAt: this.now() + ttlSeconds * 1_000 });
    this.bytes += value.length;
    const list = this.owners.get(owner) ?? [];
    list.push(key);
    this.owners.set(owner, list);
    while (list.length > maxPerOwner) this.drop(list[0] as string);
    // The namespace's own bounds: its count and its bytes (each string counted by its UTF-16 length).
    for (const [oldest, record] of this.records) {
      if (this.records.size <= maxRecords && this.bytes <= this.maxBytes && record.expiresAt > this.now()) break;
      this.drop(oldest);
    }
  }

  get(key: string): string | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    if (record.expiresAt <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return record.value;
  }

  /** What the space holds (tests search it for what must never be stored). */
  contents(): string[] {
    return [...this.records.values()].map((record) => record.value);
  }

  private drop(key: string): void {
    const record = this.records.get(key);
    if (!record) return;
    this.records.delete(key);
    this.bytes -= record.value.length;
    const list = this.owners.get(record.owner);
    if (!list) return;
    const at = list.indexOf(key);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.owners.delete(record.owner);
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
  /** Bytes of records per namespace (default 64 MB, counted as UTF-16 code units). */
  maxRecordBytes?: number;
  now?: () => number;
}

/** This process's memory: right for one instance (docs/scaling.md names the shared one). */
export function memorySharedState({ maxEntries = 50_000, maxRecordBytes = 64 * 1024 * 1024, now = Date.now }: MemorySharedStateOptions = {}): SharedState & {
  size(namespace: string): number;
  /** Every record held in a namespace (tests search it). */
  records(namespace: string): string[];
} {
  const recordSpaces = new Map<string, RecordSpace>();
  const records = (name: string) => {
    let held = recordSpaces.get(name);
    if (!held) {
      held = new RecordSpace(maxRecordBytes, now);
      recordSpaces.set(name, held);
    }
    return held;
  };
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
    putRecord: (namespace, { key, owner, value, ttlSeconds, maxPerOwner, maxRecords }) => {
      if (Buffer.byteLength(value) > RECORD_MAX_BYTES) return Promise.reject(new Error(`record over ${RECORD_MAX_BYTES} bytes`));
      records(namespace).put(key, owner, value, ttlSeconds, maxPerOwner, maxRecords);
      return Promise.resolve();
    },
    getRecord: (namespace, key) => Promise.resolve(records(namespace).get(key)),
    records: (namespace) => records(namespace).contents(),
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
