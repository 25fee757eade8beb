import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { renderAdmission } from "./render-admission";

function fakeResponse() {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { finish: () => emitter.emit("finish") }) as unknown as Response & { finish: () => void };
}

describe("renderAdmission", () => {
  it("runs up to maxConcurrent at once, starts waiters in order as others finish", () => {
    const busy = vi.fn();
    const admit = renderAdmission({ maxConcurrent: 2, maxWaitMs: 1_000, maxQueue: 10, busy });
    const started: number[] = [];
    const responses = [0, 1, 2, 3].map((i) => {
      const res = fakeResponse();
      admit({} as Request, res, () => started.push(i));
      return res;
    });
    expect(started).toEqual([0, 1]);
    responses[1]?.finish();
    expect(started).toEqual([0, 1, 2]);
    responses[0]?.finish();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(busy).not.toHaveBeenCalled();
  });

  it("answers busy when the wait runs out or the queue is full, never runs those requests", () => {
    vi.useFakeTimers();
    try {
      const busy = vi.fn();
      const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 500, maxQueue: 1, busy });
      const next = vi.fn();
      admit({} as Request, fakeResponse(), next); // runs
      admit({} as Request, fakeResponse(), next); // waits
      admit({} as Request, fakeResponse(), next); // queue full
      expect(busy).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(500);
      expect(busy).toHaveBeenCalledTimes(2);
      expect(next).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a visitor who leaves while waiting gives up the turn", () => {
    const busy = vi.fn();
    const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 1_000, maxQueue: 10, busy });
    const started: string[] = [];
    const first = fakeResponse();
    const leaving = fakeResponse();
    admit({} as Request, first, () => started.push("first"));
    admit({} as Request, leaving, () => started.push("leaving"));
    admit({} as Request, fakeResponse(), () => started.push("third"));
    leaving.emit("close");
    first.finish();
    expect(started).toEqual(["first", "third"]);
  });

  it("a finished request releases its turn once, even if the connection also closes", () => {
    const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 1_000, maxQueue: 10, busy: vi.fn() });
    const started: string[] = [];
    const first = fakeResponse();
    admit({} as Request, first, () => started.push("a"));
    admit({} as Request, fakeResponse(), () => started.push("b"));
    admit({} as Request, fakeResponse(), () => started.push("c"));
    first.finish();
    first.emit("close");
    expect(started).toEqual(["a", "b"]);
  });

  it("slots for renders outside the middleware (page-cache misses) share the same limit and queue", async () => {
    const busy = vi.fn();
    const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 10_000, maxQueue: 1, busy });
    const release = await admit.slot();
    expect(release).toBeTypeOf("function");
    const started: string[] = [];
    admit({} as Request, fakeResponse(), () => started.push("request")); // waits for the slot
    expect(await admit.slot()).toBeUndefined(); // the queue (1) is full: refused at once
    expect(started).toEqual([]);
    release?.();
    release?.(); // giving a slot back twice frees it once
    expect(started).toEqual(["request"]);
    expect(busy).not.toHaveBeenCalled();
  });

  it("serves waiting clients in turn: a client with many requests queued cannot starve another", () => {
    const busy = vi.fn();
    const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 10_000, maxQueue: 100, busy });
    const started: string[] = [];
    const running = fakeResponse();
    admit({ ip: "flood" } as Request, running, () => started.push("flood-0"));
    const flood = [1, 2, 3, 4, 5].map((i) => {
      const res = fakeResponse();
      admit({ ip: "flood" } as Request, res, () => started.push(`flood-${i}`));
      return res;
    });
    const visitor = fakeResponse();
    admit({ ip: "visitor" } as Request, visitor, () => started.push("visitor"));
    running.finish();
    // First come, first served would run flood-1 … flood-5 before the visitor.
    expect(started).toEqual(["flood-0", "flood-1"]);
    flood[0]?.finish();
    expect(started).toEqual(["flood-0", "flood-1", "visitor"]);
  });

  it("one client cannot fill the queue: past its own share it is refused, others still wait", () => {
    const busy = vi.fn();
    const admit = renderAdmission({ maxConcurrent: 1, maxWaitMs: 10_000, maxQueue: 100, maxQueuePerClient: 2, busy });
    const next = vi.fn();
    admit({ ip: "flood" } as Request, fakeResponse(), next); // runs
    for (let i = 0; i < 5; i += 1) admit({ ip: "flood" } as Request, fakeResponse(), next);
    expect(busy).toHaveBeenCalledTimes(3);
    admit({ ip: "visitor" } as Request, fakeResponse(), next);
    expect(busy).toHaveBeenCalledTimes(3);
  });
});
