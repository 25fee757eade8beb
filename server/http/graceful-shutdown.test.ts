// The stop of one instance, with a real HTTP server on loopback: readiness turns 503 at once, the
// listener keeps accepting for the grace and then refuses, a request in flight gets its answer, the
// shared state is closed last, and the exit is 0; past the drain deadline a stuck request is cut.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulShutdown } from "./graceful-shutdown";
import { readiness as createReadiness } from "./readiness";
import { createVerificationPool, VerificationBusyError } from "../sandbox/verification-pool";

const quiet = pino({ level: "silent" });

interface Started {
  server: Server;
  origin: string;
  events: string[];
  release: () => void;
}

let started: Started | undefined;

/** A server with /ready, /slow (answers when released) and /fast; `reachable` stands for Redis. */
async function start(reachable: () => boolean = () => true): Promise<Started & { readiness: ReturnType<typeof createReadiness> }> {
  const events: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const readiness = createReadiness({ degraded: () => !reachable() });
  const app = express();
  app.get("/ready", (req, res) => readiness.handler(req, res));
  app.get("/fast", (_req, res) => res.send("fast"));
  app.get("/slow", async (_req, res) => {
    events.push("slow started");
    await held;
    res.send("slow done");
  });
  const server = createServer((req, res) => {
    if (readiness.draining) res.setHeader("Connection", "close");
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  started = { server, origin, events, release };
  return { ...started, readiness };
}

afterEach(() => {
  started?.release();
  started?.server.closeAllConnections();
  started?.server.close();
  started = undefined;
});

const statusOf = async (url: string) => (await fetch(url)).status;

describe("readiness", () => {
  it("is 200 whether the shared state answers or not (this instance can serve), says which, never cached", async () => {
    let up = true;
    const { origin } = await start(() => up);
    const answer = await fetch(`${origin}/ready`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ready" });
    up = false;
    const down = await fetch(`${origin}/ready`);
    expect(down.status).toBe(200);
    expect(down.headers.get("cache-control")).toBe("no-store");
    expect(await down.json()).toEqual({ status: "ready", sharedState: "unreachable" });
  });
});

describe("graceful shutdown", () => {
  it("answers 503 at once, accepts during the grace, then refuses; the request in flight is answered; the verification pool closes, then Redis; exit 0", async () => {
    const { server, origin, events, release, readiness } = await start();
    const exits: number[] = [];
    // The header sandbox's real pool of worker threads, one worker.
    const pool = createVerificationPool({ limits: { workers: 1, queue: 1, taskTimeoutMs: 1_000 } });
    const stop = gracefulShutdown({
      server,
      readiness,
      sharedState: { close: async () => void events.push("shared state closed") },
      verificationPool: { close: async () => void (await pool.close(), events.push("verification pool closed")) },
      logger: quiet,
      settings: { readyGraceMs: 400, drainTimeoutMs: 5_000 },
      exit: (code) => void exits.push(code),
    });
    const slow = fetch(`${origin}/slow`).then(async (response) => {
      events.push("slow answered");
      return { status: response.status, body: await response.text() };
    });
    while (!events.includes("slow started")) await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = stop("SIGTERM");
    const signalled = performance.now();
    expect(await statusOf(`${origin}/ready`)).toBe(503);
    expect(await statusOf(`${origin}/fast`)).toBe(200); // the grace: still accepting
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(fetch(`${origin}/fast`)).rejects.toThrow(); // the listener is closed
    expect(exits).toEqual([]);
    release();
    expect(await slow).toEqual({ status: 200, body: "slow done" });
    await stopped;
    // Not held by the kept-alive connection of the answered request (the client keeps it 4 s).
    expect(performance.now() - signalled).toBeLessThan(2_000);
    expect(events).toEqual(["slow started", "slow answered", "verification pool closed", "shared state closed"]);
    expect(exits).toEqual([0]);
    // The pool is closed: a check is refused, its workers are gone.
    await expect(pool.verify("<x/>", { keys: [], now: new Date() })).rejects.toEqual(new VerificationBusyError("closed"));
    // A second signal changes nothing.
    await stop("SIGINT");
    expect(exits).toEqual([0]);
  });

  it("cuts a request still in flight at the drain deadline, then exits 0", async () => {
    const { server, origin, events, readiness } = await start();
    const exits: number[] = [];
    const stop = gracefulShutdown({
      server,
      readiness,
      sharedState: { close: async () => void events.push("shared state closed") },
      logger: quiet,
      settings: { readyGraceMs: 0, drainTimeoutMs: 300 },
      exit: (code) => void exits.push(code),
    });
    const slow = fetch(`${origin}/slow`).then(
      () => "answered",
      () => "cut",
    );
    while (!events.includes("slow started")) await new Promise((resolve) => setTimeout(resolve, 10));
    const began = performance.now();
    await stop("SIGTERM");
    expect(performance.now() - began).toBeGreaterThanOrEqual(250);
    expect(await slow).toBe("cut");
    expect(events).toContain("shared state closed");
    expect(exits).toEqual([0]);
  });
});
