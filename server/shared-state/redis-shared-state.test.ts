// The Redis shared state against Debian's redis-server, started on a free loopback port by this test
// with the append-only file compose.yaml runs it with: two instances (two connections) see one state;
// when Redis stops or hangs, nothing waits more than about 200 ms, counters fall back to memory with
// one warning, sign-in states fail closed; all of it recovers by itself when Redis is back, and
// areaoe_redis_up says so within a second or two (after a slow command, after SIGSTOP/SIGCONT). A
// restart keeps what was written and the store's life; a Redis that comes back empty starts another life.
import { spawn } from "node:child_process";
import { pino } from "pino";
import type { Options } from "express-rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisSchema } from "../config/schema";
import { redisSharedState, reconnectDelayMs } from "./redis-shared-state";
import { SharedStateUnavailable, type SharedState } from "./shared-state";
import { redisServerMissing, startTestRedis, type TestRedis } from "./test-redis-server";
import { createPortalMetrics } from "../observability/portal-metrics";

const missing = redisServerMissing();
if (missing) console.warn(missing);

function captureLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  const records = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  return { logger, records };
}

/** A command that timed out (200 ms) on a loaded machine says nothing of what is tested: asked again. */
const notYet = (error: unknown) => {
  if (error instanceof SharedStateUnavailable) return false;
  throw error;
};

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(notYet))) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The answer of a command once Redis answers it in time (see notYet), within 5 s. */
async function answer<T>(command: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await command();
    } catch (error) {
      if (!(error instanceof SharedStateUnavailable) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const timed = async <T>(work: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> => {
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
};

describe.skipIf(Boolean(missing))("the shared state in Redis", () => {
  let redis: TestRedis;
  let first: SharedState;
  let second: SharedState;
  const log = captureLogger();
  const metrics = createPortalMetrics();
  /** The value of one sample of the first instance's metrics (0 when absent). */
  const sample = async (line: string) => Number((await metrics.registry.metrics()).split("\n").find((text) => text.startsWith(`${line} `))?.split(" ")[1] ?? 0);

  beforeAll(async () => {
    redis = await startTestRedis({ persistent: true });
    const settings = redisSchema.parse({ url: redis.url, keyPrefix: "test-areaoe:" });
    first = redisSharedState({ settings, logger: log.logger, metrics: metrics.sharedState });
    second = redisSharedState({ settings, logger: captureLogger().logger });
    await until(async () => (await first.reachable()) && (await second.reachable()));
  }, 30_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.dispose();
  });

  it("claims a key once for every instance, under the key prefix, until its expiry", async () => {
    const expiresAt = Date.now() + 60_000;
    expect(await first.claimOnce("used-sign-in-state", "s1", expiresAt)).toBe(true);
    expect(await second.claimOnce("used-sign-in-state", "s1", expiresAt)).toBe(false);
    expect(await first.claimOnce("used-sign-in-state", "s1", expiresAt)).toBe(false);
    expect(await second.has("used-sign-in-state", "s1")).toBe(true);
    expect(await second.has("used-sign-in-state", "s2")).toBe(false);
    expect(redis.cli("EXISTS", "test-areaoe:used-sign-in-state:s1")).toBe("1");
    const ttl = Number(redis.cli("PTTL", "test-areaoe:used-sign-in-state:s1"));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("lets a key go when it expires", async () => {
    expect(await first.claimOnce("revoked-session", "short", Date.now() + 1_100)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await second.has("revoked-session", "short")).toBe(false);
    expect(await second.claimOnce("revoked-session", "short", Date.now() + 60_000)).toBe(true);
  });

  it("counts one limit for every instance", async () => {
    const a = first.counters("sign-in");
    const b = second.counters("sign-in");
    a.init?.({ windowMs: 60_000 } as Options);
    b.init?.({ windowMs: 60_000 } as Options);
    expect((await a.increment("10.0.0.1")).totalHits).toBe(1);
    expect((await b.increment("10.0.0.1")).totalHits).toBe(2);
    expect((await a.increment("10.0.0.1")).totalHits).toBe(3);
    expect((await b.increment("10.0.0.2")).totalHits).toBe(1);
    expect(redis.cli("GET", "test-areaoe:rl:sign-in:10.0.0.1")).toBe("3");
  });

  it("answers within about 200 ms while Redis hangs: counters from memory, sign-in states refused", async () => {
    const store = first.counters("hang");
    store.init?.({ windowMs: 60_000 } as Options);
    await store.increment("10.0.0.3");
    redis.cli("CLIENT", "PAUSE", "1500", "ALL");
    const claim = await timed(() => first.claimOnce("used-sign-in-state", "during-pause", Date.now() + 60_000));
    expect(claim.error).toBeInstanceOf(SharedStateUnavailable);
    expect(claim.ms).toBeLessThan(450);
    const count = await timed(async () => (await store.increment("10.0.0.3")).totalHits);
    expect(count.value).toBe(1); // this instance's memory: a limit still counts
    expect(count.ms).toBeLessThan(450);
    expect(await first.reachable()).toBe(false);
    // The pause is over: Redis answers, and says so by itself (the heartbeat), with no request asking.
    await until(async () => (await sample("areaoe_redis_up")) === 1, 4_000);
    expect(first.degraded()).toBe(false);
  });

  it("is up again within about a second after one slow command (a timeout is not an outage)", async () => {
    const slow = spawn("redis-cli", ["-p", String(redis.port), "DEBUG", "SLEEP", "0.6"], { stdio: "ignore" });
    const ended = new Promise((resolve) => slow.once("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(first.has("revoked-session", "during-slow-command")).rejects.toBeInstanceOf(SharedStateUnavailable);
    expect(await sample("areaoe_redis_up")).toBe(0);
    await ended;
    const back = performance.now();
    await until(async () => (await sample("areaoe_redis_up")) === 1, 3_000);
    expect(performance.now() - back).toBeLessThan(1_500);
    expect(await first.has("revoked-session", "during-slow-command")).toBe(false);
  });

  it("is down while Redis is stopped by SIGSTOP (its connection still open), and up within seconds of SIGCONT", async () => {
    redis.signal("SIGSTOP");
    try {
      await until(async () => (await sample("areaoe_redis_up")) === 0, 3_000);
      expect(first.degraded()).toBe(true);
    } finally {
      redis.signal("SIGCONT");
    }
    const resumed = performance.now();
    await until(async () => (await sample("areaoe_redis_up")) === 1, 5_000);
    expect(performance.now() - resumed).toBeLessThan(3_000);
    expect(first.degraded()).toBe(false);
    expect(await second.claimOnce("used-sign-in-state", "after-sigcont", Date.now() + 60_000)).toBe(true);
  });

  it("sends a hung Redis nothing but its heartbeat, and the counts sent before the hang was seen count nothing when it resumes", async () => {
    const store = first.counters("hung");
    store.init?.({ windowMs: 60_000 } as Options);
    expect((await store.increment("10.0.0.6")).totalHits).toBe(1);
    redis.signal("SIGSTOP");
    const during = [];
    try {
      // Sent at once, before anything saw the hang: they reach Redis's socket and time out here.
      const inFlight = await Promise.all(Array.from({ length: 20 }, () => timed(async () => (await store.increment("10.0.0.6")).totalHits)));
      await until(async () => first.degraded(), 3_000);
      // (MemoryStore answers with its own record, updated in place: read the count at once.)
      for (let n = 0; n < 30; n += 1) during.push(await timed(async () => (await store.increment("10.0.0.6")).totalHits));
      during.push(await timed(() => first.has("revoked-session", "while-hung")));
      // Hung well past the in-flight counts' latest time (a count that Redis runs within it was in time).
      await new Promise((resolve) => setTimeout(resolve, 700));
      // The in-flight ones were counted in memory once they timed out (each still a hit of the limit).
      expect(inFlight.map((outcome) => outcome.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    } finally {
      redis.signal("SIGCONT");
    }
    await until(async () => (await sample("areaoe_redis_up")) === 1 && !first.degraded(), 5_000);
    // Counted in memory while hung, each at once (not after the 200 ms command timeout)…
    expect(during.slice(0, 30).map((outcome) => outcome.value)).toEqual(Array.from({ length: 30 }, (_, n) => n + 21));
    expect(during.at(-1)?.error).toBeInstanceOf(SharedStateUnavailable);
    expect(Math.max(...during.map((outcome) => outcome.ms))).toBeLessThan(100);
    // …none of them sent, and the 20 in flight ran on resume without counting: Redis has the count of before.
    expect(redis.cli("GET", "test-areaoe:rl:hung:10.0.0.6")).toBe("1");
    expect((await store.increment("10.0.0.6")).totalHits).toBe(2);
  });

  it("survives Redis stopping: no wait, memory counts, one warning; then recovers by itself", async () => {
    const store = first.counters("outage");
    store.init?.({ windowMs: 60_000 } as Options);
    expect((await store.increment("10.0.0.4")).totalHits).toBe(1);
    const warningsBefore = log.records().filter((record) => record.level === 40).length;
    await redis.stop();
    await until(async () => !(await first.reachable()));
    const outcomes = [];
    // (MemoryStore answers with its own record, updated in place: read the count at once.)
    for (let n = 0; n < 20; n += 1) outcomes.push(await timed(async () => (await store.increment("10.0.0.4")).totalHits));
    expect(outcomes.map((outcome) => outcome.value)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(250);
    const claim = await timed(() => second.claimOnce("used-sign-in-state", "during-outage", Date.now() + 60_000));
    expect(claim.error).toBeInstanceOf(SharedStateUnavailable);
    expect(claim.ms).toBeLessThan(250);
    await expect(first.has("revoked-session", "x")).rejects.toBeInstanceOf(SharedStateUnavailable);
    const records = log.records();
    // Many failures, one warning (the window is a minute); nothing at error level.
    expect(records.filter((record) => record.level === 40).length - warningsBefore).toBeLessThanOrEqual(1);
    expect(records.filter((record) => record.level >= 50)).toEqual([]);
    // What Prometheus sees: Redis down, each count and check that could not use it.
    expect(await sample("areaoe_redis_up")).toBe(0);
    expect(await sample('areaoe_shared_state_fallbacks_total{operation="counters"}')).toBeGreaterThanOrEqual(20);
    expect(await sample('areaoe_shared_state_fallbacks_total{operation="has"}')).toBeGreaterThanOrEqual(1);

    await redis.start();
    await until(() => first.reachable(), 15_000);
    await until(async () => (await store.increment("10.0.0.5")).totalHits === 1 && redis.cli("GET", "test-areaoe:rl:outage:10.0.0.5") === "1", 10_000);
    // A new key each time: a claim that timed out may still have been made.
    let attempt = 0;
    expect(await answer(() => second.claimOnce("used-sign-in-state", `after-outage-${(attempt += 1)}`, Date.now() + 60_000))).toBe(true);
    // What could not be written during the outage (a callback's state, refused) is written now.
    await until(async () => first.has("used-sign-in-state", "during-outage"), 5_000);
    expect(await answer(() => second.claimOnce("used-sign-in-state", "during-outage", Date.now() + 60_000))).toBe(false);
    expect(log.records().some((record) => record.msg.startsWith("Redis answers again"))).toBe(true);
    expect(await sample("areaoe_redis_up")).toBe(1);
    expect(await sample('areaoe_redis_command_duration_seconds_count{operation="counters"}')).toBeGreaterThan(0);
  }, 60_000);

  it("keeps the store's life and every revocation across a restart (the append-only file); an empty Redis starts another life", async () => {
    const life = await first.lifetime();
    expect(await second.lifetime()).toBe(life);
    expect(life).toMatch(/^[\w-]{22}$/);
    expect(await first.claimOnce("revoked-session", "before-restart", Date.now() + 3_600_000)).toBe(true);
    await redis.stop();
    await redis.start();
    await until(async () => (await first.reachable()) && (await second.reachable()), 15_000);
    expect(await answer(() => second.has("revoked-session", "before-restart"))).toBe(true);
    expect(await answer(() => first.lifetime())).toBe(life);
    // Its data lost (a new volume, a Redis without its append-only file): another life, that every
    // instance sees; a session made in the old one is refused (server/auth/revoked-sessions.ts).
    await redis.stop();
    redis.wipe();
    await redis.start();
    await until(async () => (await first.reachable()) && (await second.reachable()), 15_000);
    expect(await answer(() => second.has("revoked-session", "before-restart"))).toBe(false);
    const next = await answer(() => second.lifetime());
    expect(next).not.toBe(life);
    expect(await answer(() => first.lifetime())).toBe(next);
  }, 60_000);

  it("speaks TLS for a rediss:// address (so a plain server is never reached in clear)", async () => {
    const log = captureLogger();
    const tls = redisSharedState({ settings: redisSchema.parse({ url: redis.url.replace("redis://", "rediss://") }), logger: log.logger });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await tls.reachable()).toBe(false);
      await expect(tls.claimOnce("used-sign-in-state", "over-tls", Date.now() + 60_000)).rejects.toBeInstanceOf(SharedStateUnavailable);
      // The plain server saw a TLS handshake, not a command: nothing was stored.
      expect(redis.cli("EXISTS", "areaoe:used-sign-in-state:over-tls")).toBe("0");
      expect(log.records().some((record) => record.level === 40 && record.msg.startsWith("Redis unavailable"))).toBe(true);
    } finally {
      await tls.close();
    }
  });

  it("reconnects quickly at first, then every 2 s", () => {
    expect([1, 5, 20, 1_000].map(reconnectDelayMs)).toEqual([100, 500, 2_000, 2_000]);
  });
});
