import type { NextFunction, Request, RequestHandler, Response } from "express";
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
export function renderAdmission({ maxConcurrent, maxWaitMs, maxQueue, busy, logger }: RenderAdmissionOptions): RequestHandler {
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

