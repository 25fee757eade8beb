// Records of the shared state bounded in bytes (the sandbox's request log keeps its traces there): kept
// until their time runs out, at most N bytes per owner and M in all (the owner's own oldest dropped
// first, then anyone's), listed per owner newest first, in this process's memory and in Redis (Debian's
// redis-server on a free loopback port, started by this test), where every key has a TTL.
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisSchema } from "../config/schema";
import { redisSharedState } from "./redis-shared-state";
import { memorySharedState, type SharedState } from "./shared-state";
import type { BoundedRecords, RecordBounds } from "./bounded-records";
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

/** Records of 100 bytes (value 90 + summary 10): 3 per owner, 5 in all. */
const BOUNDS: RecordBounds = { ttlSeconds: 60, maxRecordBytes: 200, maxBytesPerOwner: 300, maxBytesInAll: 500 };
const put = async (space: BoundedRecords, id: string, owner: string) => {
  await space.put({ id, owner, value: `${id}:`.padEnd(90, "v"), summary: "s".repeat(10) });
  // Records are ordered by the store's clock (milliseconds): one per tick.
  await new Promise((resolve) => setTimeout(resolve, 2));
};
const kept = async (space: BoundedRecords, ids: string[]) => (await Promise.all(ids.map((id) => space.get(id)))).map((value) => value !== undefined);

function recordTests(state: () => SharedState, name: string) {
  const space = (suffix: string) => state().records(`${name}-${suffix}`, BOUNDS);

  it("keeps a record and answers undefined for an unknown id", async () => {
    const records = space("one");
    await put(records, "a1", "client-a");
    expect(await records.get("a1")).toBe("a1:".padEnd(90, "v"));
    expect(await records.get("nothing")).toBeUndefined();
  });

  it("holds at most its bytes per owner: the owner's oldest are dropped, another owner keeps its own", async () => {
    const records = space("owner");
    await put(records, "b0", "client-b");
    for (const id of ["c1", "c2", "c3", "c4", "c5"]) await put(records, id, "client-c");
    expect(await kept(records, ["c1", "c2", "c3", "c4", "c5", "b0"])).toEqual([false, false, true, true, true, true]);
  });

  it("holds at most its bytes in all, whoever the owners: the oldest first", async () => {
    const records = space("all");
    for (let index = 0; index < 7; index += 1) await put(records, `m${index}`, `owner-${index}`);
    expect(await kept(records, ["m0", "m1", "m2", "m3", "m4", "m5", "m6"])).toEqual([false, false, true, true, true, true, true]);
  });

  it("lists an owner's records newest first with their summaries, only those still kept", async () => {
    const records = space("list");
    for (const id of ["l1", "l2", "l3", "l4"]) await put(records, id, "client-l");
    await put(records, "x1", "client-x");
    const list = await records.list("client-l");
    expect(list.map((entry) => entry.id)).toEqual(["l4", "l3", "l2"]);
    expect(list[0]?.summary).toBe("s".repeat(10));
    expect(await records.list("client-nobody")).toEqual([]);
  });

  it("refuses a record past its size bound, and keeps nothing of it", async () => {
    const records = space("big");
    await expect(records.put({ id: "big", owner: "x", value: "x".repeat(BOUNDS.maxRecordBytes), summary: "s" })).rejects.toThrow(/bytes/);
    expect(await records.get("big")).toBeUndefined();
  });
}

describe("records in this process's memory", () => {
  let clock = 1_000_000;
  const memory = memorySharedState({ now: () => (clock += 1) });
  recordTests(() => memory, "memory");

  it("forgets a record when its time runs out, and gives its bytes back", async () => {
    const records = memory.records("ttl", { ...BOUNDS, ttlSeconds: 10 });
    await put(records, "t1", "client-t");
    clock += 9_000;
    expect(await records.get("t1")).toBeDefined();
    clock += 2_000;
    expect(await records.get("t1")).toBeUndefined();
    expect(await records.list("client-t")).toEqual([]);
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

  recordTests(() => state, "redis");

  it("keeps every key of a space under its prefix with a TTL, and its byte counters true to what is kept", async () => {
    const records = state.records("ttl", { ...BOUNDS, ttlSeconds: 86_400 });
    for (let index = 0; index < 8; index += 1) await put(records, `k${index}`, `owner-${index % 3}`);
    const keys = redis.cli("--scan", "--pattern", "test-records:ttl:*").split("\n").filter(Boolean);
    expect(keys).toContain("test-records:ttl:r:k7");
    for (const key of keys) {
      const ttl = Number(redis.cli("TTL", key));
      expect(ttl, key).toBeGreaterThan(86_000);
      expect(ttl, key).toBeLessThanOrEqual(86_400);
    }
    // 5 records of 100 bytes are kept (the bytes in all), the dropped ones' values deleted.
    expect(redis.cli("GET", "test-records:ttl:ab")).toBe("500");
    expect(keys.filter((key) => key.startsWith("test-records:ttl:r:"))).toHaveLength(5);
    expect(redis.cli("EXISTS", "test-records:ttl:r:k0")).toBe("0");
  });
});
