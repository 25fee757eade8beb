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
  const link = openLink({ settings, logger, now, metrics });
  const { client } = link;
  const checked: Checked = (operation, command) => checkedCommand(link, operation, command);
  const keyOf = (namespace: string, key: string) => `${settings.keyPrefix}${namespace}:${key}`;
  return {
    ...usedKeys(link, keyOf, checked),
    // Bounded records (./bounded-records.ts): one script per write keeps the lists and byte counters.
    records: (namespace, bounds) => redisBoundedRecords(client, `${settings.keyPrefix}${namespace}:`, bounds, checked, now),
    // Owned entries (./owned-entries.ts): one HASH per group.
    entries: (namespace) => redisOwnedEntries(client, (group) => keyOf(namespace, group), checked),
    counters: (name) => counterStore(link, name),
    reachable: () => reachable(link),
    degraded: () => !up(link),
    lifetime: () => lifetime(link, checked),
    close: () => closeLink(link),
    describe: () => ({ kind: "redis", ...link.where }),
  };
}

/** The connection and what this instance knows of it: whether Redis answers, its clock, and what waits for it. */
interface RedisLink {
  readonly client: CountingRedis;
  readonly settings: RedisSettings;
  readonly where: ReturnType<typeof describeRedis>;
  readonly logger: Logger;
  readonly now: () => number;
  readonly metrics: SharedStateMetrics | undefined;
  /** True for the first failure within a minute (the one that is logged). */
  readonly warnOnce: (key: string) => boolean;
  /** Not asked by any request: the connection is not ready, or its last command failed or timed out. */
  down: boolean;
  /**
   * Keys that could not be written while Redis did not answer (a sign-out's revocation, a refused
   * callback's state): written when it answers again, so that a sign-out made during an outage still
   * holds on every instance afterwards. Bounded (MAX_PENDING); the oldest are dropped first.
   */
  readonly pending: Map<string, number>;
  /** The counter stores made: their scripts are loaded again at every connection. */
  readonly counters: Set<SharedCounters>;
  /** Where Redis's clock is against this process's monotonic one (the error is half the round trip); unknown until the first TIME. */
  redisClock: { offset: number; error: number } | undefined;
  /** A TIME is on its way (one at a time). */
  beating: boolean;
  /** The TIME asked sooner after a failure, while it waits. */
  soon: NodeJS.Timeout | undefined;
  heartbeat: NodeJS.Timeout | undefined;
}

const MAX_PENDING = 10_000;

/** Connects (ioredis, reconnecting by itself), watches the connection's events and starts the heartbeat. */
function openLink({ settings, logger, now, metrics }: Required<Omit<RedisSharedStateOptions, "metrics">> & Pick<RedisSharedStateOptions, "metrics">): RedisLink {
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
  const link: RedisLink = {
    client,
    settings,
    where: describeRedis(settings),
    logger,
    now,
    metrics,
    warnOnce: oncePerWindow(WARNING_WINDOW_MS),
    down: false,
    pending: new Map(),
    counters: new Set(),
    redisClock: undefined,
    beating: false,
    soon: undefined,
    heartbeat: undefined,
  };
  watchConnection(link);
  // Asked every second, whatever the traffic (see ask); never keeps the process alive.
  link.heartbeat = setInterval(() => ask(link), HEARTBEAT_MS);
  link.heartbeat.unref();
  metrics?.watch(() => up(link));
  return link;
}

/** The connection's events: an error is a failure, a (re)connection loads the scripts and reads Redis's clock. */
function watchConnection(link: RedisLink): void {
  const { client, logger, where } = link;
  // An error event without a listener would end the process; a failure is reported once a minute.
  client.on("error", (error: unknown) => unavailable(link, error));
  client.on("ready", () => {
    for (const store of link.counters) store.loadScripts();
    ask(link); // Redis's clock, before the first count
    if (link.down) answered(link);
    else {
      logger.info({ redis: where }, "Redis connected: the state of every instance is shared there");
      void writePending(link);
    }
  });
  client.on("close", () => {
    link.down = true;
  });
}

/** Whether Redis may be asked now: connected, and its last command answered. */
const up = (link: RedisLink): boolean => link.client.status === "ready" && !link.down;

/** A command failed or timed out (or the connection erred): down until Redis answers; asked again soon. */
function unavailable(link: RedisLink, error: unknown): void {
  link.down = true;
  askAgainSoon(link);
  if (link.warnOnce("redis")) {
    link.logger.warn(
      { redis: link.where, err: { message: (error as Error).message } },
      "Redis unavailable: limits count in this instance's memory, sign-in is refused until it answers (one warning a minute)",
    );
  }
}

/** A command answered: Redis is up again if it was down (said once, in the log). */
function answered(link: RedisLink): void {
  if (!link.down) return;
  link.down = false;
  link.logger.warn({ redis: link.where }, "Redis answers again: the shared state is used again");
  void writePending(link);
}

/** Keeps a key to write once Redis answers again (the newest last; past MAX_PENDING the oldest is dropped). */
function rememberForLater(link: RedisLink, key: string, expiresAt: number): void {
  link.pending.delete(key);
  link.pending.set(key, expiresAt);
  if (link.pending.size > MAX_PENDING) link.pending.delete(link.pending.keys().next().value as string);
}

/** Writes the keys kept while Redis did not answer (those not expired yet), until one fails. */
async function writePending(link: RedisLink): Promise<void> {
  for (const [key, expiresAt] of [...link.pending]) {
    if (expiresAt <= link.now()) {
      link.pending.delete(key);
      continue;
    }
    try {
      await link.client.call("SET", key, "1", "PXAT", String(expiresAt), "NX");
      link.pending.delete(key);
    } catch {
      return; // down again: the next connection tries again
    }
  }
}

/**
 * The heartbeat's TIME: a hung Redis is seen (the TIME times out), and so is its return (the TIME
 * answers); nothing else asks Redis while it is down. Its answer also says where Redis's clock is
 * (against this process's monotonic one; the error is half the round trip).
 */
function ask(link: RedisLink): void {
  if (link.beating || link.client.status !== "ready") return;
  link.beating = true;
  const sent = performance.now();
  link.client
    .time()
    .then(
      ([seconds, micros]) => {
        const received = performance.now();
        link.redisClock = { offset: Number(seconds) * 1_000 + Number(micros) / 1_000 - (sent + received) / 2, error: (received - sent) / 2 };
        answered(link);
      },
      (error: unknown) => unavailable(link, error),
    )
    .finally(() => {
      link.beating = false;
    });
}

/** After a failure, Redis is asked again sooner than the heartbeat would (one slow command is not an outage). */
function askAgainSoon(link: RedisLink): void {
  if (link.soon) return;
  link.soon = setTimeout(() => {
    link.soon = undefined;
    ask(link);
  }, ASK_AGAIN_MS);
  link.soon.unref();
}

/** The latest time on Redis's clock at which a count sent now still counts (0: Redis's clock not read yet). */
function lateAfter({ redisClock, settings }: RedisLink): number {
  return redisClock ? Math.ceil(performance.now() + redisClock.offset + redisClock.error + settings.commandTimeoutMs + CLOCK_MARGIN_MS) : 0;
}

/** A command of the shared state: refused at once while Redis is down, SharedStateUnavailable when it fails; timed. */
async function checkedCommand<T>(link: RedisLink, operation: Exclude<SharedStateOperation, "counters">, command: () => Promise<T>): Promise<T> {
  if (!up(link)) {
    const error = new SharedStateUnavailable(`Redis connection ${link.client.status}, or its last command unanswered`);
    unavailable(link, error);
    link.metrics?.fallback(operation);
    throw error;
  }
  const started = performance.now();
  try {
    const value = await command();
    answered(link);
    link.metrics?.command(operation, (performance.now() - started) / 1_000);
    return value;
  } catch (error) {
    unavailable(link, error);
    link.metrics?.fallback(operation);
    throw new SharedStateUnavailable((error as Error).message);
  }
}

/** The used sign-in states and the revoked sessions: keys claimed once, each until its expiry. */
function usedKeys(link: RedisLink, keyOf: (namespace: string, key: string) => string, checked: Checked): Pick<SharedState, "claimOnce" | "has"> {
  const { client, now } = link;
  return {
    // SET … NX PXAT: only the first caller of every instance gets OK; the key expires with the thing
    // it stands for (never before now, so that a late claim is still remembered for a moment).
    claimOnce: async (namespace, key, expiresAt) => {
      const at = Math.max(expiresAt, now() + 1_000);
      try {
        return await checked("claim", async () => (await client.call("SET", keyOf(namespace, key), "1", "PXAT", String(at), "NX")) === "OK");
      } catch (error) {
        rememberForLater(link, keyOf(namespace, key), at);
        throw error;
      }
    },
    has: (namespace, key) => checked("has", async () => (await client.exists(keyOf(namespace, key))) === 1),
  };
}

/** A limit's counters (SharedCounters), in Redis while it answers; its scripts loaded again at each connection. */
function counterStore(link: RedisLink, name: string): SharedCounters {
  const store = new SharedCounters(
    `${link.settings.keyPrefix}rl:${name}:`,
    link.client,
    () => up(link),
    () => lateAfter(link),
    (error) => unavailable(link, error),
    () => answered(link),
    link.metrics,
  );
  link.counters.add(store);
  return store;
}

/** Whether Redis answers a PING now. */
async function reachable(link: RedisLink): Promise<boolean> {
  if (link.client.status !== "ready") return false;
  try {
    const pong = (await link.client.ping()) === "PONG";
    answered(link);
    return pong;
  } catch (error) {
    unavailable(link, error);
    return false;
  }
}

/**
 * SET … NX GET (Redis 7.0+): the life already recorded, or this candidate when there was none (a
 * Redis that starts empty, or came back without its data, starts a new life).
 */
function lifetime(link: RedisLink, checked: Checked): Promise<string> {
  return checked("lifetime", async () => {
    const candidate = randomBytes(16).toString("base64url");
    const recorded = (await link.client.call("SET", `${link.settings.keyPrefix}${LIFETIME_KEY}`, candidate, "NX", "GET")) as string | null;
    return recorded ?? candidate;
  });
}

/** Stops the heartbeat and closes the connection (QUIT, else at once). */
async function closeLink(link: RedisLink): Promise<void> {
  clearInterval(link.heartbeat);
  clearTimeout(link.soon);
  try {
    await link.client.quit();
  } catch {
    link.client.disconnect();
  }
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
