import type { Request, Response } from "express";
import type { SharedState } from "../shared-state/shared-state";

/**
 * Whether this instance should take traffic (GET /areaOE/api/ready), for a load balancer. The process
 * answers at all only once its configuration is loaded and its keys are made (server/main.ts does both
 * before it listens); then it is ready while its shared state answers (Redis, when configured) and it
 * is not stopping. Health (GET /areaOE/api/health) says only that the process is alive.
 */
export interface Readiness {
  /** From now on, ready answers 503 (SIGTERM: the balancer must send no more requests here). */
  drain(): void;
  readonly draining: boolean;
  handler(req: Request, res: Response): Promise<void>;
}

export function readiness(sharedState: Pick<SharedState, "reachable">): Readiness {
  let draining = false;
  return {
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async handler(_req, res) {
      res.setHeader("Cache-Control", "no-store");
      if (draining) {
        res.status(503).json({ status: "stopping" });
        return;
      }
      if (!(await sharedState.reachable())) {
        res.status(503).json({ status: "not ready", sharedState: "unreachable" });
        return;
      }
      res.json({ status: "ready" });
    },
  };
}
