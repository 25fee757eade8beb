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

/** The middleware, plus slots for renders that do not go through it (page-cache misses). */
export interface RenderAdmission extends RequestHandler {
  /**
   * Waits for a render slot like a request would: resolves to the function that gives the slot
   * back, or to undefined when refused (queue full, or no slot within maxWaitMs; logged as shed).
   */
  slot(): Promise<(() => void) | undefined>;
}

/**
 * Bounded waiting for server renders. A crawl or a burst on a loaded machine must not queue requests
 * until they time out one by one (or abort mid-render as a 500): at most `maxConcurrent` renders run,
 * others wait in order, and a request that cannot start within `maxWaitMs` (or finds the queue full)
 * gets a 503 with Retry-After at once. A request's body is read before it comes here
 * (server/http/read-body-first.ts); the page cache takes a slot for each render it makes (`slot`).
 */
export function renderAdmission({ maxConcurrent, maxWaitMs, maxQueue, busy, logger }: RenderAdmissionOptions): RenderAdmission {
  let running = 0;
  const waiting: Waiter[] = [];
  let shedSinceLog = 0;
  let lastLog = 0;

  const logShed = (reason: string) => {
    shedSinceLog += 1;
    const now = Date.now();
    // One line per second at most, so an overload does not also flood the log.
    if (now - lastLog >= 1_000) {
      logger?.warn({ shed: shedSinceLog, running, waiting: waiting.length, reason }, "overloaded: page renders refused with 503");
      shedSinceLog = 0;
      lastLog = now;
    }
  };

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  /** Runs `start` (which must take the slot) now or in turn; `refuse` when it cannot. Returns a cancel. */
  const acquire = (start: () => void, refuse: (reason: string) => void): (() => void) => {
    if (running < maxConcurrent) {
      start();
      return () => {};
    }
    if (waiting.length >= maxQueue) {
      refuse("queue full");
      return () => {};
    }
    const waiter: Waiter = {
      start,
      timer: setTimeout(() => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        refuse("waited too long");
      }, maxWaitMs),
    };
    waiting.push(waiter);
    return () => {
      const at = waiting.indexOf(waiter);
      if (at < 0) return;
      waiting.splice(at, 1);
      clearTimeout(waiter.timer);
    };
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const cancel = acquire(
      () => {
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
      },
      (reason) => {
        logShed(reason);
        busy(req, res);
      },
    );
    // A visitor who gave up no longer needs a turn.
    res.once("close", cancel);
  };

  const slot = () =>
    new Promise<(() => void) | undefined>((resolve) => {
      acquire(
        () => {
          running += 1;
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        },
        (reason) => {
          logShed(reason);
          resolve(undefined);
        },
      );
    });

  return Object.assign(middleware, { slot });
}
