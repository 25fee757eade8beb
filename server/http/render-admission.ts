import type { NextFunction, Request, RequestHandler, Response } from "express";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Logger } from "pino";

export interface RenderAdmissionOptions {
  /** Page renders running at once; more only lengthen each one (one thread renders them all). */
  maxConcurrent: number;
  /** Milliseconds a request may wait for its turn before it is answered 503. */
  maxWaitMs: number;
  /** Requests that may wait at once; beyond, 503 at once. */
  maxQueue: number;
  /** The overload answer (503 with Retry-After). */
  busy: (req: Request, res: Response) => void;
  /**
   * True while the process itself is saturated (see eventLoopLag): requests then wait unseen, in the
   * socket queue, before any middleware runs, so a new render is refused at once.
   */
  saturated?: () => boolean;
  logger?: Logger;
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Bounded waiting for server renders. A crawl or a burst on a loaded machine must not queue requests
 * until they time out one by one (or abort mid-render as a 500): at most `maxConcurrent` renders run,
 * others wait in order, and a request that cannot start within `maxWaitMs` (or finds the queue full)
 * gets a 503 with Retry-After at once. Pages from the page cache never come here.
 */
export function renderAdmission({ maxConcurrent, maxWaitMs, maxQueue, busy, saturated, logger }: RenderAdmissionOptions): RequestHandler {
  let running = 0;
  const waiting: Waiter[] = [];
  let shedSinceLog = 0;
  let lastLog = 0;

  const shed = (req: Request, res: Response, reason: string) => {
    shedSinceLog += 1;
    const now = Date.now();
    // One line per second at most, so an overload does not also flood the log.
    if (now - lastLog >= 1_000) {
      logger?.warn({ shed: shedSinceLog, running, waiting: waiting.length, reason }, "overloaded: page renders refused with 503");
      shedSinceLog = 0;
      lastLog = now;
    }
    busy(req, res);
  };

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  return (req: Request, res: Response, next: NextFunction) => {
    const start = () => {
      running += 1;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (saturated?.()) return shed(req, res, "event loop saturated");
    if (running < maxConcurrent) return start();
    if (waiting.length >= maxQueue) return shed(req, res, "queue full");
    const waiter: Waiter = {
      start,
      timer: setTimeout(() => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        shed(req, res, "waited too long");
      }, maxWaitMs),
    };
    waiting.push(waiter);
    // A visitor who gave up no longer needs a turn.
    res.once("close", () => {
      const at = waiting.indexOf(waiter);
      if (at < 0) return;
      waiting.splice(at, 1);
      clearTimeout(waiter.timer);
    });
  };
}

/**
 * Whether the event loop is saturated: the longest delay of Node's own loop timer over the last half
 * second exceeds `thresholdMs`. When renders keep the only thread busy, new requests queue in the
 * kernel before any JavaScript sees them; this is the one measure of that wait the process has.
 */
export function eventLoopLag({ thresholdMs }: { thresholdMs: number }): () => boolean {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let saturated = false;
  setInterval(() => {
    saturated = histogram.max / 1e6 > thresholdMs;
    histogram.reset();
  }, 500).unref();
  return () => saturated;
}
