import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Logger } from "pino";
import type { VerificationResult, VerifyOptions } from "@areaoe/security-header/node";
import type { Limits } from "../config/schema";
import { oncePerWindow } from "../http/client-budget";
import type { VerificationAnswer, VerificationTask } from "./verification-worker";
import { fairQueue, FairRefusal, type FairQueue, type FairTurn } from "./fair-queue";

/**
 * The sandbox's verifications (a 4096-bit RSA decryption of the Nonce each, about 5 ms of CPU) run in a
 * small pool of worker threads (piscina), never on the server's main thread, so that many integrators
 * testing at once cannot hold the event loop every page is answered from. The pool is bounded: a few
 * workers, a short queue and a deadline per task; past them a check is refused at once with
 * VerificationBusyError (the SOAP sandbox answers a 503 Fault, the checker page its busy page). Checks
 * start in turn (./fair-queue.ts): the checker page and the sandbox alternate, clients round robin by
 * weight, at most `perSecond` a second, so no client takes more than its share while others wait.
 */

/** The pool's bounds (config `limits`: sandboxWorkers, sandboxQueue, sandboxTaskTimeoutMs). */
export interface VerificationPoolLimits {
  /** Worker threads; absent: the machine's cores less one, at least one. */
  readonly workers?: number | undefined;
  /** Verifications that may wait for a worker; one more is refused. */
  readonly queue: number;
  /** A verification not answered within this (waiting included) is refused and its worker replaced. */
  readonly taskTimeoutMs: number;
  /** Verifications started per second, every client together (default: no budget beyond the workers). */
  readonly perSecond?: number | undefined;
}

/** The verification pool's limits from the config's `limits` (sandboxWorkers, sandboxQueue, sandboxTaskTimeoutMs). */
export function verificationPoolLimits(limits: Pick<Limits, "sandboxWorkers" | "sandboxQueue" | "sandboxTaskTimeoutMs" | "headerChecksPerSecondAllClients">): VerificationPoolLimits {
  return { workers: limits.sandboxWorkers, queue: limits.sandboxQueue, taskTimeoutMs: limits.sandboxTaskTimeoutMs, perSecond: limits.headerChecksPerSecondAllClients };
}

/**
 * Why the pool said no: full (no room to wait), the budget per second of all clients spent within the
 * check's time, out of time (every worker busy), a worker that died under the task, or closed.
 */
export type VerificationRefusal = "full" | "budget" | "timeout" | "worker-failed" | "closed";

/** The pool could not verify now (never the input's fault): answer "busy, try again" (503 with Retry-After). */
export class VerificationBusyError extends Error {
  readonly reason: VerificationRefusal;
  constructor(reason: VerificationRefusal, cause?: unknown) {
    super(`the verification pool refused a check: ${reason}`, cause === undefined ? undefined : { cause });
    this.name = "VerificationBusyError";
    this.reason = reason;
  }
}

export interface VerificationPool {
  /**
   * `verifySecurityHeader(xml, options)` in a worker thread: the same result, the options passed as
   * they are (structured clone: PEM text, KeyObjects, Dates), in the turn of `turn` (default: the
   * sandbox's lane, one anonymous client). Rejects with VerificationBusyError when the pool refuses, and
   * with the verifier's own error (a bad key) as an Error of the same name.
   */
  verify(xml: string, options: VerifyOptions, turn?: FairTurn): Promise<VerificationResult>;
  /** Verifications waiting for a worker. */
  readonly queued: number;
  /** Verifications a worker is running. */
  readonly running: number;
  /** Verifications refused since the start (full, timed out, a worker failed, closed). */
  readonly refused: number;
  /** The number of worker threads. */
  readonly workers: number;
  /** Stops the workers (after the tasks they run); waiting tasks are refused. */
  close(): Promise<void>;
}

/** piscina's errors for a full queue ("Task queue is at limit", "No task queue available and all Workers are busy"). */
const QUEUE_LIMIT = /^(Task queue is at limit|No task queue available)/;

/** The machine's cores less one (the main thread's), at least one. */
export function defaultVerificationWorkers(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/**
 * The worker module in the source tree (npm run dev, the tests). The production build emits it as
 * build/server/verification-worker.js, beside the server's entry, which passes that path instead
 * (server/main.ts).
 */
export function sourceVerificationWorkerFile(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "verification-worker.ts");
}

export interface VerificationPoolOptions {
  limits: VerificationPoolLimits;
  /** The worker module's absolute path (default: the source one). */
  workerFile?: string;
  logger?: Pick<Logger, "warn" | "error">;
}

/**
 * The export condition under which @areaoe/security-header resolves to its TypeScript sources
 * (packages/security-header/package.json), never to its compiled dist/, which is only as fresh as its
 * last `npm run build -w @areaoe/security-header`. Vite and Vitest take the sources by the `module`
 * condition; Node (tsx) needs this one.
 */
export const PACKAGE_SOURCE_CONDITION = "@areaoe/source";

/** The options of a worker that loads the source worker module through tsx, with the package's sources. */
export function sourceWorkerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  return [...execArgv, `--conditions=${PACKAGE_SOURCE_CONDITION}`, "--import", "tsx"];
}

export function createVerificationPool({ limits, workerFile = sourceVerificationWorkerFile(), logger }: VerificationPoolOptions): VerificationPool {
  // A build without its worker module would refuse every check: the start stops instead, saying why.
  if (!existsSync(workerFile)) throw new Error(`The verification pool's worker module is missing: ${workerFile} (rebuild with npm run build)`);
  const workers = limits.workers ?? defaultVerificationWorkers();
  const piscina = startWorkers(workerFile, workers, logger);
  const turns = fairQueue({ maxRunning: workers, perSecond: limits.perSecond ?? Number.MAX_SAFE_INTEGER, maxWaiting: limits.queue, maxWaitMs: limits.taskTimeoutMs });
  // Each kind of refusal is logged at most once a second (a flood must not flood the log).
  const pool: PoolState = { limits, logger, workers, piscina, turns, refused: 0, closed: false, firstOfItsKind: oncePerWindow(1_000) };
  return {
    verify: (xml, options, turn) => verifyInTurn(pool, xml, options, turn),
    get queued() {
      return turns.waiting + piscina.queueSize;
    },
    get running() {
      return Math.max(0, turns.running - piscina.queueSize);
    },
    get refused() {
      return pool.refused;
    },
    workers,
    async close() {
      pool.closed = true;
      turns.close();
      await piscina.close({ force: true });
    },
  };
}

/** What the pool holds: its bounds, its workers and their turns, and its count of refusals. */
interface PoolState {
  readonly limits: VerificationPoolLimits;
  readonly logger: VerificationPoolOptions["logger"];
  readonly workers: number;
  readonly piscina: Piscina<VerificationTask, VerificationAnswer>;
  readonly turns: FairQueue;
  refused: number;
  closed: boolean;
  /** True for the first refusal of a kind within its second. */
  readonly firstOfItsKind: (kind: string) => boolean;
}

/** The worker threads, started now and kept. */
function startWorkers(workerFile: string, workers: number, logger: VerificationPoolOptions["logger"]): Piscina<VerificationTask, VerificationAnswer> {
  // The source module (npm run dev, the tests) is TypeScript: its workers load it through tsx (a
  // development dependency), as `npm run dev` loads the server, with the package's sources
  // (sourceWorkerExecArgv). The built one (npm start) is plain JavaScript with the package bundled in.
  const throughTsx = workerFile.endsWith(".ts") && !process.execArgv.some((argument) => argument.includes("tsx"));
  const piscina = new Piscina<VerificationTask, VerificationAnswer>({
    filename: workerFile,
    ...(throughTsx ? { execArgv: sourceWorkerExecArgv() } : {}),
    // A fixed set of workers, started now and kept: each parses its keys once and proves their
    // implicit rejection once (the verifier's key cache), not per check. One that dies is replaced.
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The checks wait in the fair queue, which starts no more than the workers: piscina's own queue
    // only covers a worker being replaced.
    maxQueue: workers,
    concurrentTasksPerWorker: 1,
    // The figures a metrics endpoint reads are the pool's getters (above); piscina's histograms are not needed.
    recordTiming: false,
  });
  // A worker that fails while idle (no task of its own to reject): piscina replaces it; the log says so.
  piscina.on("error", (error: unknown) => logger?.error({ err: { message: (error as Error).message } }, "verification pool: a worker failed"));
  return piscina;
}

/** Counts a refusal, logs the first of its kind within a second, and throws it as VerificationBusyError. */
function refuse(pool: PoolState, reason: VerificationRefusal, cause?: unknown): never {
  const { limits, logger, turns, workers } = pool;
  pool.refused += 1;
  if (pool.firstOfItsKind(reason)) {
    const fields = { reason, queued: turns.waiting, workers, refused: pool.refused, ...(cause instanceof Error ? { err: { message: cause.message } } : {}) };
    if (reason === "worker-failed") logger?.error(fields, "verification pool: a worker died under a check (it is replaced); the check was answered 503");
    else if (reason === "timeout") logger?.warn({ ...fields, timeoutMs: limits.taskTimeoutMs }, "verification pool: a check ran out of time (a worker running it is replaced); answered 503");
    else if (reason === "budget") logger?.warn({ ...fields, perSecond: limits.perSecond }, "verification pool: the budget of all clients per second was spent; a check answered 503");
    else logger?.warn(fields, "verification pool: refused a check (503)");
  }
  throw new VerificationBusyError(reason, cause);
}

/** One verification: its turn in the fair queue, then a worker within the time left of the check's own. */
async function verifyInTurn(pool: PoolState, xml: string, options: VerifyOptions, turn: FairTurn = { lane: "sandbox", client: "" }): Promise<VerificationResult> {
  if (pool.closed) refuse(pool, "closed");
  const entered = Date.now();
  let giveBack: () => void;
  try {
    giveBack = await pool.turns.enter(turn);
  } catch (error) {
    return refuse(pool, error instanceof FairRefusal ? error.reason : "full", error);
  }
  // The time left of the check's own (its wait included).
  const deadline = AbortSignal.timeout(Math.max(1, pool.limits.taskTimeoutMs - (Date.now() - entered)));
  let answer: VerificationAnswer;
  try {
    answer = await pool.piscina.run({ xml, options }, { signal: deadline });
  } catch (error) {
    if (deadline.aborted) return refuse(pool, "timeout", error);
    if (pool.closed) return refuse(pool, "closed", error);
    // piscina's own refusal when its queue is full (a worker was being replaced as this one came).
    if (error instanceof Error && QUEUE_LIMIT.test(error.message)) return refuse(pool, "full", error);
    return refuse(pool, "worker-failed", error);
  } finally {
    giveBack();
  }
  if (answer.ok) return answer.result;
  // The verifier's own error (a bad key, an unsafe runtime): the caller's configuration, thrown as it was.
  const failure = new Error(answer.error.message);
  failure.name = answer.error.name;
  throw failure;
}
