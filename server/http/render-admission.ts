import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { AdmissionMetrics, AdmissionRefusal } from "../observability/portal-metrics";

export interface RenderAdmissionOptions {
  /** Page renders running at once; more only lengthen each one (one thread renders them all). */
  maxConcurrent: number;
  /** Milliseconds a request may wait for its turn before it is answered 503. */
  maxWaitMs: number;
  /** Requests that may wait at once; beyond, 503 at once. */
  maxQueue: number;
  /** Requests of one client that may wait at once (default maxQueue): one client cannot fill the queue. */
  maxQueuePerClient?: number;
  /** The client a request comes from (default: its address); queues are served in turn, client by client. */
  clientOf?: (req: Request) => string;
  /** The overload answer (503 with Retry-After). */
  busy: (req: Request, res: Response) => void;

  logger?: Logger;
  /** Renders queued and refused, and the slots in use (server/observability/portal-metrics.ts). */
  metrics?: AdmissionMetrics;
}

interface Waiter {
  client: string;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The middleware, plus slots for renders that do not go through it (page-cache misses). */
export interface RenderAdmission extends RequestHandler {
  /**
   * Waits for a render slot like a request would: resolves to the function that gives the slot
   * back, or to undefined when refused (queue full, or no slot within maxWaitMs; logged as shed).
   */
  slot(client?: string): Promise<(() => void) | undefined>;
}

/**
 * One queue per client, served in turn (round robin): a client with a hundred requests waiting takes one
 * slot per round, like a client with one, so it cannot starve the others.
 */
function clientQueues() {
  const queues = new Map<string, Waiter[]>();
  let waiting = 0;
  return {
    /** Requests waiting, every client together. */
    get waiting() {
      return waiting;
    },
    /** Requests of one client waiting. */
    of: (client: string) => queues.get(client)?.length ?? 0,
    push(waiter: Waiter): void {
      queues.set(waiter.client, [...(queues.get(waiter.client) ?? []), waiter]);
      waiting += 1;
    },
    remove(waiter: Waiter): boolean {
      const queue = queues.get(waiter.client);
      const at = queue ? queue.indexOf(waiter) : -1;
      if (!queue || at < 0) return false;
      queue.splice(at, 1);
      waiting -= 1;
      if (queue.length === 0) queues.delete(waiter.client);
      return true;
    },
    /** The first waiter of the next client in turn; that client goes to the end of the round. */
    nextInTurn(): Waiter | undefined {
      const first = queues.entries().next();
      if (first.done) return undefined;
      const [client, queue] = first.value;
      const waiter = queue.shift() as Waiter;
      waiting -= 1;
      queues.delete(client);
      if (queue.length > 0) queues.set(client, queue);
      return waiter;
    },
  };
}

/** Counts a refused render, and logs the overload at most once a second, so it does not also flood the log. */
function shedLog(logger: Logger | undefined, metrics: AdmissionMetrics | undefined, state: () => { running: number; waiting: number }) {
  let shedSinceLog = 0;
  let lastLog = 0;
  return (reason: AdmissionRefusal): void => {
    metrics?.refused(reason);
    shedSinceLog += 1;
    const now = Date.now();
    if (now - lastLog >= 1_000) {
      logger?.warn({ shed: shedSinceLog, ...state(), reason }, "overloaded: page renders refused with 503");
      shedSinceLog = 0;
      lastLog = now;
    }
  };
}

/** A slot that is given back once, whatever calls it first (the answer's finish or close, the page cache). */
function onceReleased(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/**
 * Bounded waiting for server renders. A crawl or a burst on a loaded machine must not queue requests
 * until they time out one by one (or abort mid-render as a 500): at most `maxConcurrent` renders run,
 * others wait in order, and a request that cannot start within `maxWaitMs` (or finds the queue full)
 * gets a 503 with Retry-After at once. A request's body is read before it comes here
 * (server/http/read-body-first.ts); the page cache takes a slot for each render it makes (`slot`).
 */
export function renderAdmission({
  maxConcurrent,
  maxWaitMs,
  maxQueue,
  maxQueuePerClient = maxQueue,
  clientOf = (req) => req.ip ?? "",
  busy,
  logger,
  metrics,
}: RenderAdmissionOptions): RenderAdmission {
  let running = 0;
  const queues = clientQueues();
  const state = () => ({ running, waiting: queues.waiting });
  metrics?.watch(state);
  const logShed = shedLog(logger, metrics, state);
  const release = () => {
    running -= 1;
    const next = queues.nextInTurn();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  /** Takes a slot and runs `start` now or in turn; `refuse` when it cannot. Returns a cancel. */
  const acquire = (client: string, start: (release: () => void) => void, refuse: (reason: AdmissionRefusal) => void): (() => void) => {
    const take = () => {
      running += 1;
      start(onceReleased(release));
    };
    if (running < maxConcurrent) {
      take();
      return () => {};
    }
    if (queues.waiting >= maxQueue || queues.of(client) >= maxQueuePerClient) {
      refuse(queues.waiting >= maxQueue ? "queue full" : "client queue full");
      return () => {};
    }
    const waiter: Waiter = {
      client,
      start: take,
      timer: setTimeout(() => {
        queues.remove(waiter);
        refuse("waited too long");
      }, maxWaitMs),
    };
    queues.push(waiter);
    metrics?.queued();
    return () => {
      if (queues.remove(waiter)) clearTimeout(waiter.timer);
    };
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const cancel = acquire(
      clientOf(req),
      (done) => {
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

  const slot = (client = "") =>
    new Promise<(() => void) | undefined>((resolve) => {
      acquire(client, resolve, (reason) => {
        logShed(reason);
        resolve(undefined);
      });
    });

  return Object.assign(middleware, { slot });
}
