// Records of the shared state (the sandbox's request log keeps its traces there): kept until their
// time runs out, at most N per owner and M in all (the oldest dropped), in this process's memory and in
// Redis (Debian's redis-server on a free loopback port, started by this test).
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisSchema } from "../config/schema";
import { redisSharedState } from "./redis-shared-state";
import { memorySharedState, RECORD_MAX_BYTES, type SharedState } from "./shared-state";
import { redisServerMissing, startTestRedis, type TestRedis } from "./test-redis-server";

const missing = redisServerMissing();
if (missing) console.warn(missing);

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const put = (state: SharedState, key: string, owner: string, { maxPerOwner = 3, maxRecords = 100, ttlSeconds = 60 } = {}) =>
  state.putRecord("traces", { key, owner, value: `value of ${key}`, ttlSeconds, maxPerOwner, maxRecords });

function recordTests(state: () => SharedState) {
  it("keeps a record and answers undefined for an unknown key", async () => {
    await put(state(), "a1", "client-a");
    expect(await state().getRecord("traces", "a1")).toBe("value of a1");
    expect(await state().getRecord("traces", "nothing")).toBeUndefined();
  });

  it("keeps at most N per owner: the oldest are dropped, other owners keep theirs", async () => {
    await put(state(), "b0", "client-b");
    for (const key of ["c1", "c2", "c3", "c4", "c5"]) await put(state(), key, "client-c");
    expect(await state().getRecord("traces", "c1")).toBeUndefined();
    expect(await state().getRecord("traces", "c2")).toBeUndefined();
    for (const key of ["c3", "c4", "c5"]) expect(await state().getRecord("traces", key)).toBe(`value of ${key}`);
    expect(await state().getRecord("traces", "b0")).toBe("value of b0");
  });

  it("keeps at most M in all, whoever the owners", async () => {
    for (let index = 0; index < 6; index += 1) await put(state(), `m${index}`, `owner-${index}`, { maxRecords: 4 });
    expect(await state().getRecord("traces", "m0")).toBeUndefined();
    expect(await state().getRecord("traces", "m1")).toBeUndefined();
    for (const key of ["m2", "m3", "m4", "m5"]) expect(await state().getRecord("traces", key)).toBe(`value of ${key}`);
  });

  it("refuses a record past its size bound", async () => {
    await expect(state().putRecord("traces", { key: "big", owner: "x", value: "x".repeat(RECORD_MAX_BYTES + 1), ttlSeconds: 60, maxPerOwner: 3, maxRecords: 10 })).rejects.toThrow(/bytes/);
    expect(await state().getRecord("traces", "big")).toBeUndefined();
  });
}

describe("records in this process's memory", () => {
  let clock = 1_000_000;
  const memory = memorySharedState({ now: () => clock, maxRecordBytes: 1_000 });
  recordTests(() => memory);

  it("forgets a record when its time runs out", async () => {
    await put(memory, "t1", "client-t", { ttlSeconds: 10 });
    clock += 9_000;
    expect(await memory.getRecord("traces", "t1")).toBe("value of t1");
    clock += 2_000;
    expect(await memory.getRecord("traces", "t1")).toBeUndefined();
  });

  it("holds at most its bytes: the oldest records are dropped", async () => {
    const space = memorySharedState({ maxRecordBytes: 100 });
    for (let index = 0; index < 10; index += 1) await space.putRecord("traces", { key: `k${index}`, owner: `o${index}`, value: "y".repeat(30), ttlSeconds: 60, maxPerOwner: 5, maxRecords: 100 });
    expect(space.records("traces").join("").length).toBeLessThanOrEqual(100);
    expect(await space.getRecord("traces", "k9")).toBe("y".repeat(30));
    expect(await space.getRecord("traces", "k0")).toBeUndefined();
  });
});

describe.skipIf(Boolean(missing))("records in Redis", () => {
  let redis: TestRedis;
  let state: SharedState;

  beforeAll(async () => {
    redis = await startTestRedis();
    state = redisSharedState({ settings: redisSchema.parse({ url: redis.url, keyPrefix: "test-records:" }), logger: pino({ level: "silent" }) });
    await until(() => state.reachable());
  }, 30_000);

  afterAll(async () => {
    await state?.close();
    await redis?.dispose();
  });

  recordTests(() => state);

  it("stores each record with SET … EX (Redis forgets it by itself), under the key prefix", async () => {
    await put(state, "ttl1", "client-ttl", { ttlSeconds: 86_400 });
    const ttl = Number(redis.cli("TTL", "test-records:traces:ttl1"));
    expect(ttl).toBeGreaterThan(86_000);
    expect(ttl).toBeLessThanOrEqual(86_400);
    // The dropped records' keys are deleted, not left to expire.
    expect(redis.cli("EXISTS", "test-records:traces:c1")).toBe("0");
  });
});
