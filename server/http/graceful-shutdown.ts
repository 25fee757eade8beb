import type { Server } from "node:http";
import type { Logger } from "pino";
import type { ShutdownSettings } from "../config/schema";
import type { SharedState } from "../shared-state/shared-state";
import type { VerificationPool } from "../sandbox/verification-pool";
import type { Readiness } from "./readiness";

export interface GracefulShutdownOptions {
  server: Server;
  readiness: Readiness;
  sharedState: Pick<SharedState, "close">;
  /** The header sandbox's verification pool (its worker threads): closed once the requests are drained. */
  verificationPool?: Pick<VerificationPool, "close">;
  logger: Logger;
  settings: ShutdownSettings;
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The stop of one instance among several: readiness answers 503 at once; after readyGraceMs (time
 * for the load balancer to see it) the listener stops accepting; requests in flight finish, for at
 * most drainTimeoutMs (then their connections are closed); the verification pool's workers stop; the
 * shared state's connection is closed last; the process exits 0. A second signal changes nothing: the first stop goes on.
 */
export function gracefulShutdown({ server, readiness, sharedState, verificationPool, logger, settings, exit = (code) => process.exit(code) }: GracefulShutdownOptions) {
  let stopping: Promise<void> | undefined;
  const stop = async (signal: string): Promise<void> => {
    readiness.drain();
    logger.info({ signal, ...settings }, "stopping: readiness answers 503; requests in flight are finished before the exit");
    if (settings.readyGraceMs > 0) await sleep(settings.readyGraceMs);
    const closed = new Promise<"drained">((resolve) => server.close(() => resolve("drained")));
    // Connections with no request in flight are closed now, and each other one as soon as its answer
    // is sent (a kept-alive connection would otherwise hold the drain until its keep-alive timeout).
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"deadline">((resolve) => {
      timer = setTimeout(() => resolve("deadline"), settings.drainTimeoutMs);
    });
    const outcome = await Promise.race([closed, deadline]);
    clearTimeout(timer);
    clearInterval(idleSweep);
    if (outcome === "deadline") {
      logger.warn({ drainTimeoutMs: settings.drainTimeoutMs }, "stopping: requests still in flight at the drain deadline were cut");
      server.closeAllConnections();
    }
    // No check runs any more: the workers stop (a failure to stop them is logged; the exit goes on).
    await verificationPool?.close().catch((error: unknown) => logger.warn({ err: error }, "stopping: the verification pool did not close cleanly"));
    await sharedState.close();
    logger.info({ signal }, "stopped");
    exit(0);
  };
  return (signal: string): Promise<void> => {
    stopping ??= stop(signal);
    return stopping;
  };
}
