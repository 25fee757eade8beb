import { describe, expect, it } from "vitest";
import { fairQueue, FairRefusal, type FairTurn } from "./fair-queue";

// The verification pool's turns: one check at a time here (maxRunning 1), each let go by the test, so
// the order the turns are given in is what is checked.

/** Enters every turn, then lets the running check go one at a time; the clients in the order they started. */
async function order(turns: readonly FairTurn[], options: { maxWaiting?: number; perSecond?: number } = {}): Promise<{ started: string[]; refused: string[] }> {
  const queue = fairQueue({ maxRunning: 1, perSecond: options.perSecond ?? 1_000_000, maxWaiting: options.maxWaiting ?? 1_000, maxWaitMs: 10_000 });
  const started: string[] = [];
  const refused: string[] = [];
  const releases: Array<() => void> = [];
  const entered = turns.map((turn) =>
    queue.enter(turn).then(
      (release) => {
        started.push(turn.client);
        releases.push(release);
      },
      (error: unknown) => {
        refused.push(`${turn.client}:${(error as FairRefusal).reason}`);
      },
    ),
  );
  for (let step = 0; step < turns.length; step += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.shift()?.();
  }
  await Promise.all(entered);
  queue.close();
  return { started, refused };
}

const many = (client: string, count: number, lane: FairTurn["lane"] = "sandbox", weight?: number): FairTurn[] =>
  Array.from({ length: count }, () => ({ lane, client, ...(weight === undefined ? {} : { weight }) }));

describe("the verification pool's fair turns", () => {
  it("serves clients round robin: one with ten checks waiting takes one turn per round, like one with two", async () => {
    const { started } = await order([...many("flood", 10), ...many("suite", 2)]);
    // The first starts at once (a free worker); then the waiting ones alternate, then the rest of the flood.
    expect(started.slice(0, 7)).toEqual(["flood", "flood", "suite", "flood", "suite", "flood", "flood"]);
    expect(started).toHaveLength(12);
  });

  it("gives a client of weight 2.5 (an integrator's key) two or three turns per round", async () => {
    const { started } = await order([...many("first", 1), ...many("anonymous", 20), ...many("key", 20, "sandbox", 2.5)]);
    const firstTwenty = started.slice(1, 22);
    const keyTurns = firstTwenty.filter((client) => client === "key").length;
    expect(keyTurns / (firstTwenty.length - keyTurns)).toBeCloseTo(2.5, 0);
  });

  it("cuts the weight of a client that asks faster than its quota's rate: a suite within its quota is served before a flood's excess", async () => {
    const flood = Array.from({ length: 40 }, () => ({ lane: "sandbox" as const, client: "flood", quotaPerSecond: 4 }));
    const suite = Array.from({ length: 4 }, () => ({ lane: "sandbox" as const, client: "suite", quotaPerSecond: 4 }));
    const { started } = await order([...flood, ...suite]);
    // The flood asked 40 at once (about 20 a second over the 2 s average, five times its rate): the suite's four start within the first eight.
    expect(started.slice(0, 8).filter((client) => client === "suite")).toHaveLength(4);
    // Without a quota's rate, the same flood is served one for one.
    const plain = await order([...flood.map(({ quotaPerSecond: _rate, ...turn }) => turn), ...suite.map(({ quotaPerSecond: _rate, ...turn }) => turn)]);
    expect(plain.started.slice(0, 8).filter((client) => client === "suite").length).toBeLessThan(4);
  });

  it("alternates the checker page's lane with the sandbox's: a person is served while programs flood", async () => {
    const { started } = await order([...many("first", 1), ...many("a", 5), ...many("b", 5), ...many("person", 2, "checker")]);
    expect(started.slice(1, 5)).toEqual(["person", "a", "person", "b"]);
  });

  it("when the room is full, the client with the most waiting gives up its newest place to a newcomer; a client that already waits as much is refused", async () => {
    const { started, refused } = await order([...many("first", 1), ...many("flood", 4), ...many("newcomer", 1), ...many("flood", 1)], { maxWaiting: 4 });
    expect(refused).toEqual(["flood:full", "flood:full"]);
    expect(started).toContain("newcomer");
    expect(started.filter((client) => client === "flood")).toHaveLength(3);
  });

  it("refuses with 'budget' a check that waited its time for a unit of the budget per second", async () => {
    const queue = fairQueue({ maxRunning: 4, perSecond: 1, maxWaiting: 10, maxWaitMs: 200 });
    const first = await queue.enter({ lane: "sandbox", client: "a" });
    await expect(queue.enter({ lane: "sandbox", client: "b" })).rejects.toMatchObject({ reason: "budget" });
    first();
    queue.close();
  });

  it("refuses with 'timeout' a check that waited its time for a busy worker, and every waiting one when closed", async () => {
    const queue = fairQueue({ maxRunning: 1, perSecond: 1_000, maxWaiting: 10, maxWaitMs: 150 });
    const first = await queue.enter({ lane: "sandbox", client: "a" });
    await expect(queue.enter({ lane: "sandbox", client: "b" })).rejects.toMatchObject({ reason: "timeout" });
    const waiting = queue.enter({ lane: "checker", client: "c" });
    expect(queue.waiting).toBe(1);
    queue.close();
    await expect(waiting).rejects.toMatchObject({ reason: "closed" });
    await expect(queue.enter({ lane: "sandbox", client: "d" })).rejects.toBeInstanceOf(FairRefusal);
    first();
  });
});
