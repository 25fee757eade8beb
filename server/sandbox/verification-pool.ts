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

/**
 * The sandbox's verifications (a 4096-bit RSA decryption of the Nonce each, about 5 ms of CPU) run in a
 * small pool of worker threads (piscina), never on the server's main thread, so that many integrators
 * testing at once cannot hold the event loop every page is answered from. The pool is bounded: a few
 * workers, a short queue and a deadline per task; past them a check is refused at once with
 * VerificationBusyError (the SOAP sandbox answers a 503 Fault, the checker page its busy page).
 */

/** The pool's bounds (config `limits`: sandboxWorkers, sandboxQueue, sandboxTaskTimeoutMs). */
export interface VerificationPoolLimits {
  /** Worker threads; absent: the machine's cores less one, at least one. */
  readonly workers?: number | undefined;
  /** Verifications that may wait for a worker; one more is refused. */
  readonly queue: number;
  /** A verification not answered within this (waiting included) is refused and its worker replaced. */
  readonly taskTimeoutMs: number;
}

/** The verification pool's limits from the config's `limits` (sandboxWorkers, sandboxQueue, sandboxTaskTimeoutMs). */
export function verificationPoolLimits(limits: Pick<Limits, "sandboxWorkers" | "sandboxQueue" | "sandboxTaskTimeoutMs">): VerificationPoolLimits {
  return { workers: limits.sandboxWorkers, queue: limits.sandboxQueue, taskTimeoutMs: limits.sandboxTaskTimeoutMs };
}

/** Why the pool said no: full, out of time, a worker that died under the task, or closed. */
export type VerificationRefusal = "full" | "timeout" | "worker-failed" | "closed";

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
   * they are (structured clone: PEM text, KeyObjects, Dates). Rejects with VerificationBusyError when
   * the pool refuses, and with the verifier's own error (a bad key) as an Error of the same name.
   */
  verify(xml: string, options: VerifyOptions): Promise<VerificationResult>;
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
    maxQueue: limits.queue,
    concurrentTasksPerWorker: 1,
    // The figures a metrics endpoint reads are the getters below; piscina's histograms are not needed.
    recordTiming: false,
  });
  // A worker that fails while idle (no task of its own to reject): piscina replaces it; the log says so.
  piscina.on("error", (error: unknown) => logger?.error({ err: { message: (error as Error).message } }, "verification pool: a worker failed"));
  /** Verifications handed to piscina and not yet settled (waiting or running). */
  let inFlight = 0;
  let refused = 0;
  let closed = false;

  // Each kind of refusal is logged at most once a second (a flood must not flood the log).
  const firstOfItsKind = oncePerWindow(1_000);
  const refuse = (reason: VerificationRefusal, cause?: unknown): never => {
    refused += 1;
    if (firstOfItsKind(reason)) {
      const fields = { reason, queued: piscina.queueSize, workers, refused, ...(cause instanceof Error ? { err: { message: cause.message } } : {}) };
      if (reason === "worker-failed") logger?.error(fields, "verification pool: a worker died under a check (it is replaced); the check was answered 503");
      else if (reason === "timeout") logger?.warn({ ...fields, timeoutMs: limits.taskTimeoutMs }, "verification pool: a check ran out of time (a worker running it is replaced); answered 503");
      else logger?.warn(fields, "verification pool: refused a check (503)");
    }
    throw new VerificationBusyError(reason, cause);
  };

  async function verify(xml: string, options: VerifyOptions): Promise<VerificationResult> {
    // Full: refused at once, before anything is cloned or queued (piscina would refuse it too).
    if (closed) refuse("closed");
    if (piscina.queueSize >= limits.queue && piscina.idleThreads === 0) refuse("full");
    const deadline = AbortSignal.timeout(limits.taskTimeoutMs);
    let answer: VerificationAnswer;
    inFlight += 1;
    try {
      answer = await piscina.run({ xml, options }, { signal: deadline });
    } catch (error) {
      if (deadline.aborted) return refuse("timeout", error);
      if (closed) return refuse("closed", error);
      // piscina's own refusal when its queue is full (a worker was being replaced as this one came).
      if (error instanceof Error && QUEUE_LIMIT.test(error.message)) return refuse("full", error);
      return refuse("worker-failed", error);
    } finally {
      inFlight -= 1;
    }
    if (answer.ok) return answer.result;
    // The verifier's own error (a bad key, an unsafe runtime): the caller's configuration, thrown as it was.
    const failure = new Error(answer.error.message);
    failure.name = answer.error.name;
    throw failure;
  }

  return {
    verify,
    get queued() {
      return piscina.queueSize;
    },
    get running() {
      return Math.max(0, inFlight - piscina.queueSize);
    },
    get refused() {
      return refused;
    },
    workers,
    async close() {
      closed = true;
      await piscina.close({ force: true });
    },
  };
}
