import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { MemoryStore, type ClientRateLimitInfo, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import type { Logger } from "pino";
import type { RedisSettings } from "../config/schema";
import { oncePerWindow } from "../http/client-budget";
import { SharedStateUnavailable, type SharedState } from "./shared-state";
import { PUT_RECORD_SCRIPT, RecordTooLarge, recordBytes, type BoundedRecords, type RecordBounds, type RecordListEntry } from "./bounded-records";
import { SET_ENTRY_SCRIPT, type OwnedEntries } from "./owned-entries";
import type { SharedStateMetrics, SharedStateOperation } from "../observability/portal-metrics";

// The state every instance must see alike, in one Redis: the used sign-in states and revoked sessions
// (keys with an absolute expiry, SET NX PXAT), and the counters of every limit (rate-limit-redis, the
// express-rate-limit store). One connection per instance (ioredis), reconnecting by itself.
//
// When Redis cannot answer within commandTimeoutMs (down, unreachable, slow): a counter falls back to
// this instance's memory (a limit stays a limit, never unlimited; one warning a minute); a check of a
// sign-in state or of a revoked session throws SharedStateUnavailable, and its caller fails closed.
//
// Whether Redis answers is the connection's real state, not a flag set by the last failure: down when
// the connection is not ready or the last command failed or timed out, up again at the first command
// that answers. A TIME every second (HEARTBEAT_MS, a PING that also reads Redis's clock) keeps that true when no request asks anything: a
// Redis that hangs (SIGSTOP, a long command) is seen down within a second or two, and up again
// within a second of answering (areaoe_redis_up, the pages' notices).
//
// While it is down no request sends it anything (only the heartbeat asks): a hung Redis keeps its
// connection open and would run every command sent meanwhile once it resumes, so the counts of the
// whole hang (already counted in memory) would land in one window and refuse visitors for seconds
// afterwards; and each request would wait commandTimeoutMs for nothing. The counts sent before the
// hang was seen (those that timed out) carry the latest time, on Redis's own clock, at which they could
// still have been answered in time (COUNT_SCRIPT): run later, on the hang's end, they count nothing.
// Redis's clock is read by the heartbeat (TIME, every second), so the instances' clocks need not agree
// with it.

/** Where Redis is, for the log: never the address itself (it may hold a password). */
export function describeRedis(settings: RedisSettings): { host: string; port: number; tls: boolean; database: number; keyPrefix: string } {
  const url = new URL(settings.url);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    tls: url.protocol === "rediss:",
    database: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    keyPrefix: settings.keyPrefix,
  };
}

/** Reconnection delays: quick at first, then every 2 s, for ever (Redis may come back at any time). */
export const reconnectDelayMs = (attempt: number): number => Math.min(100 * attempt, 2_000);

const WARNING_WINDOW_MS = 60_000;
/** How often the connection is asked whether it answers (TIME), whatever the traffic. */
export const HEARTBEAT_MS = 1_000;
/** How soon Redis is asked again after a command failed or timed out. */
const ASK_AGAIN_MS = 250;
/** Added to a count's latest time: the error of reading Redis's clock is already in it (half the round trip). */
const CLOCK_MARGIN_MS = 20;
/**
 * rate-limit-redis's count (a window that starts at the first hit, PX windowMs), unless it runs after
 * ARGV[2] (ms since the epoch on Redis's clock; 0: no limit): a count that arrives after its sender
 * gave up on it (commandTimeoutMs, counted in memory instead) changes nothing and answers {-1, 0}.
 */
const COUNT_SCRIPT = `
local lateAfter = tonumber(ARGV[2])
if lateAfter > 0 then
  local time = redis.call("TIME")
  if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > lateAfter then return { -1, 0 } end
end
local windowMs = tonumber(ARGV[1])
local left = redis.call("PTTL", KEYS[1])
if left <= 0 then
  redis.call("SET", KEYS[1], 1, "PX", windowMs)
  return { 1, windowMs }
end
return { redis.call("INCR", KEYS[1]), left }
`;
/** The client with COUNT_SCRIPT defined as a command (ioredis's defineCommand: EVALSHA, EVAL when not loaded). */
type CountingRedis = Redis & { areaoeCount(key: string, windowMs: string, lateAfter: string): Promise<[number, number]> };

/** The key of the store's life (SharedState.lifetime): a random id, set once, never expiring. */
const LIFETIME_KEY = "lifetime";

/**
 * An express-rate-limit store that counts in Redis while Redis answers, and in this instance's memory
 * while it does not. rate-limit-redis loads its scripts at init; they are loaded again whenever the
 * connection is (re)made, so that counting in Redis resumes by itself. A hit is counted by
 * COUNT_SCRIPT (rate-limit-redis's count with a latest time, see above); reads, decrements and resets
 * are rate-limit-redis's.
 */
class SharedCounters implements Store {
  readonly localKeys = false;
  private readonly memory = new MemoryStore();
  private readonly redis: RedisStore;
  private options: Options | undefined;

  constructor(
    readonly prefix: string,
    private readonly client: CountingRedis,
    /** Whether Redis may be asked now (connected, and its last command answered). */
    private readonly usable: () => boolean,
    /** The latest time on Redis's clock at which a count sent now still counts (0: Redis's clock not read yet). */
    private readonly lateAfter: () => number,
    private readonly unavailable: (error: unknown) => void,
    private readonly answered: () => void,
    private readonly metrics?: SharedStateMetrics,
  ) {
    this.redis = new RedisStore({ prefix, sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<never> });
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
    this.loadScripts();
  }

  /** (Re)loads the counting scripts; a failure leaves the memory counting until the next connection. */
  loadScripts(): void {
    if (!this.options || this.client.status !== "ready") return;
    this.redis.init(this.options).catch(() => undefined);
  }

  private inRedis<T>(redis: () => Promise<T>, memory: () => Promise<T>): Promise<T> {
    if (!this.usable()) {
      this.unavailable(new Error(`Redis connection ${this.client.status}, or its last command unanswered`));
      this.metrics?.fallback("counters");
      return memory();
    }
    const started = performance.now();
    return redis().then(
      (value) => {
        this.answered();
        this.metrics?.command("counters", (performance.now() - started) / 1_000);
        return value;
      },
      (error: unknown) => {
        this.unavailable(error);
        this.metrics?.fallback("counters");
        return memory();
      },
    );
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.inRedis(
      () => this.redis.get(key),
      () => this.memory.get(key),
    );
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.inRedis(
      async () => {
        if (!this.options) throw new Error("counted before the limiter's init");
        const [totalHits, left] = await this.client.areaoeCount(`${this.prefix}${key}`, String(this.options.windowMs), String(this.lateAfter()));
        // Late by Redis's clock although answered in time (that clock stepped): counted here instead.
        if (totalHits < 0) return this.memory.increment(key);
        return { totalHits, resetTime: new Date(Date.now() + left) };
      },
      () => this.memory.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.inRedis(
      () => this.redis.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.inRedis(
      () => this.redis.resetKey(key),
      () => this.memory.resetKey(key),
    );
  }
}

export interface RedisSharedStateOptions {
  settings: RedisSettings;
  logger: Logger;
  now?: () => number;
  /** Redis up or down, fallbacks, command round trips (server/observability/portal-metrics.ts). */
  metrics?: SharedStateMetrics;
}

/** The shared state in Redis (AREAOE_REDIS_URL); see the comment at the top of this file. */
export function redisSharedState({ settings, logger, now = Date.now, metrics }: RedisSharedStateOptions): SharedState {
  const where = describeRedis(settings);
  const client = new Redis(settings.url, {
    connectionName: "areaoe",
    connectTimeout: settings.connectTimeoutMs,
    // No request waits for Redis longer than this; while disconnected, commands fail at once (no
    // queue that would make requests wait for the reconnection).
    commandTimeout: settings.commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelayMs,
  }) as CountingRedis;
  client.defineCommand("areaoeCount", { numberOfKeys: 1, lua: COUNT_SCRIPT });
  const warnOnce = oncePerWindow(WARNING_WINDOW_MS);
  let down = false;
  const unavailable = (error: unknown) => {
    down = true;
    askAgainSoon();
    if (warnOnce("redis")) {
      logger.warn(
        { redis: where, err: { message: (error as Error).message } },
        "Redis unavailable: limits count in this instance's memory, sign-in is refused until it answers (one warning a minute)",
      );
    }
  };
  const counters = new Set<SharedCounters>();
  // Keys that could not be written while Redis did not answer (a sign-out's revocation, a refused
  // callback's state): written when it answers again, so that a sign-out made during an outage still
  // holds on every instance afterwards. Bounded; the oldest are dropped first.
  const pending = new Map<string, number>();
  const MAX_PENDING = 10_000;
  const rememberForLater = (key: string, expiresAt: number) => {
    pending.delete(key);
    pending.set(key, expiresAt);
    if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
  };
  const writePending = async () => {
    for (const [key, expiresAt] of [...pending]) {
      if (expiresAt <= now()) {
        pending.delete(key);
        continue;
      }
      try {
        await client.call("SET", key, "1", "PXAT", String(expiresAt), "NX");
        pending.delete(key);
      } catch {
        return; // down again: the next connection tries again
      }
    }
  };
  /** A command answered: Redis is up again if it was down (said once, in the log). */
  const answered = () => {
    if (!down) return;
    down = false;
    logger.warn({ redis: where }, "Redis answers again: the shared state is used again");
    void writePending();
  };
  // An error event without a listener would end the process; a failure is reported once a minute.
  client.on("error", unavailable);
  client.on("ready", () => {
    for (const store of counters) store.loadScripts();
    ask(); // Redis's clock, before the first count
    if (down) answered();
    else {
      logger.info({ redis: where }, "Redis connected: the state of every instance is shared there");
      void writePending();
    }
  });
  client.on("close", () => {
    down = true;
  });
  // Asked every second, whatever the traffic: a hung Redis is seen (the TIME times out), and so is its
  // return (the TIME answers); after a failure, asked again sooner (one slow command is not an outage:
  // nothing else asks Redis while it is down). Its answer also says where Redis's clock is (against
  // this process's monotonic one; the error is half the round trip). Never keeps the process alive.
  let redisClock: { offset: number; error: number } | undefined;
  const lateAfter = () => (redisClock ? Math.ceil(performance.now() + redisClock.offset + redisClock.error + settings.commandTimeoutMs + CLOCK_MARGIN_MS) : 0);
  let beating = false;
  const ask = () => {
    if (beating || client.status !== "ready") return;
    beating = true;
    const sent = performance.now();
    client
      .time()
      .then(([seconds, micros]) => {
        const received = performance.now();
        redisClock = { offset: Number(seconds) * 1_000 + Number(micros) / 1_000 - (sent + received) / 2, error: (received - sent) / 2 };
        answered();
      }, unavailable)
      .finally(() => {
        beating = false;
      });
  };
  const heartbeat = setInterval(ask, HEARTBEAT_MS);
  heartbeat.unref();
  let soon: NodeJS.Timeout | undefined;
  function askAgainSoon() {
    if (soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      ask();
    }, ASK_AGAIN_MS);
    soon.unref();
  }

  const up = () => client.status === "ready" && !down;
  metrics?.watch(up);
  const keyOf = (namespace: string, key: string) => `${settings.keyPrefix}${namespace}:${key}`;
  const checked = async <T>(operation: Exclude<SharedStateOperation, "counters">, command: () => Promise<T>): Promise<T> => {
    if (!up()) {
      const error = new SharedStateUnavailable(`Redis connection ${client.status}, or its last command unanswered`);
      unavailable(error);
      metrics?.fallback(operation);
      throw error;
    }
    const started = performance.now();
    try {
      const value = await command();
      answered();
      metrics?.command(operation, (performance.now() - started) / 1_000);
      return value;
    } catch (error) {
      unavailable(error);
      metrics?.fallback(operation);
      throw new SharedStateUnavailable((error as Error).message);
    }
  };

  return {
    // SET … NX PXAT: only the first caller of every instance gets OK; the key expires with the thing
    // it stands for (never before now, so that a late claim is still remembered for a moment).
    claimOnce: async (namespace, key, expiresAt) => {
      const at = Math.max(expiresAt, now() + 1_000);
      try {
        return await checked("claim", async () => (await client.call("SET", keyOf(namespace, key), "1", "PXAT", String(at), "NX")) === "OK");
      } catch (error) {
        rememberForLater(keyOf(namespace, key), at);
        throw error;
      }
    },
    has: (namespace, key) => checked("has", async () => (await client.exists(keyOf(namespace, key))) === 1),
    // Bounded records (./bounded-records.ts): one script per write keeps the lists and byte counters.
    records: (namespace, bounds) => redisBoundedRecords(client, `${settings.keyPrefix}${namespace}:`, bounds, checked, now),
    // Owned entries (./owned-entries.ts): one HASH per group.
    entries: (namespace) => redisOwnedEntries(client, (group) => keyOf(namespace, group), checked),
    counters: (name) => {
      const store = new SharedCounters(`${settings.keyPrefix}rl:${name}:`, client, up, lateAfter, unavailable, answered, metrics);
      counters.add(store);
      return store;
    },
    reachable: async () => {
      if (client.status !== "ready") return false;
      try {
        const pong = (await client.ping()) === "PONG";
        answered();
        return pong;
      } catch (error) {
        unavailable(error);
        return false;
      }
    },
    degraded: () => !up(),
    // SET … NX GET (Redis 7.0+): the life already recorded, or this candidate when there was none (a
    // Redis that starts empty, or came back without its data, starts a new life).
    lifetime: () =>
      checked("lifetime", async () => {
        const candidate = randomBytes(16).toString("base64url");
        const recorded = (await client.call("SET", `${settings.keyPrefix}${LIFETIME_KEY}`, candidate, "NX", "GET")) as string | null;
        return recorded ?? candidate;
      }),
    close: async () => {
      clearInterval(heartbeat);
      clearTimeout(soon);
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
    describe: () => ({ kind: "redis", ...where }),
  };
}

type Checked = <T>(operation: Exclude<SharedStateOperation, "counters">, command: () => Promise<T>) => Promise<T>;

/** The scripts of the records and the entries, sent once and then called by their SHA (ioredis defineCommand). */
interface WithScripts {
  areaoePutRecord(prefix: string, ...args: (string | number)[]): Promise<number>;
  areaoeSetEntry(key: string, field: string, value: string, max: number): Promise<number>;
}

function scripted(client: Redis): Redis & WithScripts {
  if (!("areaoePutRecord" in client)) {
    client.defineCommand("areaoePutRecord", { numberOfKeys: 1, lua: PUT_RECORD_SCRIPT });
    client.defineCommand("areaoeSetEntry", { numberOfKeys: 1, lua: SET_ENTRY_SCRIPT });
  }
  return client as Redis & WithScripts;
}

/** A space of bounded records in Redis, under `prefix` (the script's comment in ./bounded-records.ts lists its keys). */
function redisBoundedRecords(client: Redis, prefix: string, bounds: RecordBounds, checked: Checked, now: () => number): BoundedRecords {
  const redis = scripted(client);
  return {
    put: (record) => {
      const bytes = recordBytes(record);
      if (bytes > bounds.maxRecordBytes) return Promise.reject(new RecordTooLarge(bytes, bounds.maxRecordBytes));
      const { ttlSeconds, maxBytesPerOwner, maxBytesInAll } = bounds;
      return checked("putRecord", async () => {
        await redis.areaoePutRecord(prefix, record.id, record.owner, record.value, record.summary, ttlSeconds, maxBytesPerOwner, maxBytesInAll, now());
      });
    },
    get: (id) => checked("getRecord", async () => (await client.get(`${prefix}r:${id}`)) ?? undefined),
    list: (owner) =>
      checked("getRecord", async () => {
        const [ids, summaries] = await Promise.all([client.zrevrangebyscore(`${prefix}o:${owner}`, "+inf", now() - bounds.ttlSeconds * 1_000, "WITHSCORES"), client.hgetall(`${prefix}s:${owner}`)]);
        const entries: RecordListEntry[] = [];
        for (let index = 0; index + 1 < ids.length; index += 2) {
          const id = ids[index] as string;
          const held = summaries[id];
          if (held === undefined) continue;
          entries.push({ id, at: Number(ids[index + 1]), summary: held.slice(held.indexOf("\n") + 1) });
        }
        return entries;
      }),
  };
}

/** Owned entries in Redis: one HASH per group (`keyOf(group)`), the bound checked by a script. */
function redisOwnedEntries(client: Redis, keyOf: (group: string) => string, checked: Checked): OwnedEntries {
  const redis = scripted(client);
  return {
    set: (group, field, value, max) => checked("claim", async () => (await redis.areaoeSetEntry(keyOf(group), field, value, max)) === 1),
    get: (group, field) => checked("has", async () => (await client.hget(keyOf(group), field)) ?? undefined),
    all: (group) => checked("has", async () => new Map(Object.entries(await client.hgetall(keyOf(group))))),
    delete: (group, field) => checked("claim", async () => (await client.hdel(keyOf(group), field)) === 1),
  };
}
