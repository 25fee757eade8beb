// The sandbox's key set and its rotation, driven by a clock the test controls: made on first use
// (retired, current, next), read back from the disk, the next key made when the overlap opens, the old
// ones dropped; each certificate's subject says what it is for.
import { X509Certificate } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyStatuses, loadSandboxKeySet, SANDBOX_KEY_OVERLAP_DAYS, SANDBOX_KEY_PERIOD_DAYS } from "./sandbox-keys";

const DAY = 86_400_000;
const P = SANDBOX_KEY_PERIOD_DAYS * DAY;
const O = SANDBOX_KEY_OVERLAP_DAYS * DAY;
const dir = mkdtempSync(path.join(tmpdir(), "areaoe-sandbox-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a client that picks by date does (the contract B's CLI and samples follow). */
function pickByDate(keys: ReadonlyArray<{ id: string; status: string; validFrom: Date; validUntil: Date }>, at: Date) {
  const valid = keys.filter((key) => key.status !== "retired" && key.validFrom <= at && at < key.validUntil);
  return valid.sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime())[0];
}

describe("the sandbox's key set", () => {
  const start = new Date("2026-11-28T15:00:00.000Z");
  let clock = start;
  const now = () => clock;

  it("is made on first use: a retired, a current and a next key, whose certificates carry the schedule and say what they are for", async () => {
    const set = await loadSandboxKeySet(dir, { now, bits: 2048 });
    const keys = set.keys();
    expect(keys.map((key) => key.status)).toEqual(["retired", "current", "next"]);
    const [retired, current, next] = keys;
    expect(retired?.validUntil.getTime()).toBe(start.getTime());
    expect(current?.validFrom.getTime()).toBe(start.getTime() - O);
    expect(current?.validUntil.getTime()).toBe(start.getTime() + P);
    expect(next?.validFrom.getTime()).toBe(start.getTime() - O + P);
    for (const key of keys) {
      expect(key.id).toMatch(/^\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/);
      expect(key.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
      const x509 = new X509Certificate(key.certificatePem);
      expect(new Date(x509.validFrom).getTime()).toBe(key.validFrom.getTime());
      expect(new Date(x509.validTo).getTime()).toBe(key.validUntil.getTime());
      expect(x509.subject).toContain(`CN=areaOE sandbox test key ${key.validFrom.toISOString().slice(0, 10)} - not the authority's`);
      expect(x509.subject).toContain("O=areaOE local test key (NOT FOR PRODUCTION)");
    }
    // Outside the overlap, a client picking by date takes the current key.
    expect(pickByDate(keys, clock)?.id).toBe(current?.id);
  }, 60_000);

  it("is read back from the disk (no key made again)", async () => {
    const before = readdirSync(path.join(dir, "keys")).sort();
    const set = await loadSandboxKeySet(dir, { now, bits: 2048 });
    expect(readdirSync(path.join(dir, "keys")).sort()).toEqual(before);
    expect(set.keys().map((key) => key.id).sort()).toEqual(before);
  });

  it("in the overlap: current and next both valid, a client picking by date takes next, and the key after next is made", async () => {
    const set = await loadSandboxKeySet(dir, { now, bits: 2048 });
    const [retired, current, next] = set.keys();
    clock = new Date(start.getTime() + P - O + DAY);
    const overlap = set.keys();
    expect(overlap.map((key) => [key.id, key.status])).toEqual([
      [retired?.id, "retired"],
      [current?.id, "current"],
      [next?.id, "next"],
    ]);
    expect(pickByDate(overlap, clock)?.id).toBe(next?.id);
    await set.refresh();
    expect(set.all()).toHaveLength(4);
    // Still three published: the fourth waits until it is the next one.
    expect(set.keys().map((key) => key.id)).toEqual(overlap.map((key) => key.id));

    // The overlap over: the current key retires, next is current, the fourth is next; the old retired key is gone.
    clock = new Date(start.getTime() + P + DAY);
    await set.refresh();
    const after = set.keys();
    expect(after.map((key) => key.status)).toEqual(["retired", "current", "next"]);
    expect(after[0]?.id).toBe(current?.id);
    expect(after[1]?.id).toBe(next?.id);
    expect(after[2]?.validFrom.getTime()).toBe((next?.validFrom.getTime() ?? 0) + P);
    expect(existsSync(path.join(dir, "keys", retired?.id ?? ""))).toBe(false);
    expect(set.current().id).toBe(next?.id);
  }, 60_000);

  it("starts again from the present after a long stop, keeping the last key as the retired one", async () => {
    clock = new Date(start.getTime() + 20 * P);
    const set = await loadSandboxKeySet(dir, { now, bits: 2048 });
    const keys = set.keys();
    expect(keys.map((key) => key.status)).toEqual(["retired", "current", "next"]);
    expect(keys[1]?.validFrom.getTime()).toBe(clock.getTime() - O);
  }, 60_000);
});

describe("keyStatuses", () => {
  const key = (from: number, until: number) => ({ validFrom: new Date(from * DAY), validUntil: new Date(until * DAY) });
  it("current is the earliest valid key, next the one after it, retired the one before once expired", () => {
    const keys = [key(0, 37), key(30, 67), key(60, 97)];
    expect(keyStatuses(keys, new Date(10 * DAY)).map((k) => k.status)).toEqual(["current", "next"]);
    expect(keyStatuses(keys, new Date(32 * DAY)).map((k) => [k.validFrom.getTime() / DAY, k.status])).toEqual([
      [0, "current"],
      [30, "next"],
    ]);
    expect(keyStatuses(keys, new Date(40 * DAY)).map((k) => [k.validFrom.getTime() / DAY, k.status])).toEqual([
      [0, "retired"],
      [30, "current"],
      [60, "next"],
    ]);
    expect(keyStatuses(keys, new Date(200 * DAY)).map((k) => [k.validFrom.getTime() / DAY, k.status])).toEqual([[60, "retired"]]);
  });
});

describe("two instances sharing the folder", () => {
  it("make each key once: the second reads what the first made, and a rotation step is taken once", async () => {
    const shared = mkdtempSync(path.join(tmpdir(), "areaoe-sandbox-keys-shared-"));
    try {
      let clock = new Date("2026-11-28T15:00:00.000Z");
      const now = () => clock;
      const [first, second] = await Promise.all([loadSandboxKeySet(shared, { now, bits: 2048 }), loadSandboxKeySet(shared, { now, bits: 2048 })]);
      expect(readdirSync(path.join(shared, "keys")).filter((name) => !name.startsWith("."))).toHaveLength(3);
      expect(second.keys().map((key) => key.id)).toEqual(first.keys().map((key) => key.id));
      // The overlap opens: both refresh at once; one key is made, and both list the same set afterwards.
      clock = new Date(clock.getTime() + P - O + DAY);
      await Promise.all([first.refresh(), second.refresh()]);
      await first.refresh();
      await second.refresh();
      expect(readdirSync(path.join(shared, "keys")).filter((name) => !name.startsWith("."))).toHaveLength(4);
      clock = new Date(clock.getTime() + O);
      await first.refresh();
      await second.refresh();
      expect(second.keys().map((key) => key.id)).toEqual(first.keys().map((key) => key.id));
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  }, 60_000);
});
