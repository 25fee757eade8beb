import type { Request, Response } from "express";
import type { SharedState } from "../shared-state/shared-state";

/**
 * Whether this instance can serve (GET /areaOE/api/ready), for a load balancer. The process answers
 * at all only once its configuration is loaded and its keys are made (server/main.ts does both before
 * it listens); then it is ready until it stops (SIGTERM). Readiness says nothing about Redis: without
 * it an instance still serves every page, asset, tool and the sandbox (docs/scaling.md, "When Redis
 * fails"), and a balancer that took every instance out because Redis is down would turn a degraded
 * sign-in into a site that answers nothing. The answer says whether the shared state answers
 * (`sharedState`), for a person looking, never in its status. Health (GET /areaOE/api/health) says
 * only that the process is alive, and which build it runs.
 */
export interface Readiness {
  /** From now on, ready answers 503 (SIGTERM: the balancer must send no more requests here). */
  drain(): void;
  readonly draining: boolean;
  handler(req: Request, res: Response): void;
}

export function readiness(sharedState: Pick<SharedState, "degraded">): Readiness {
  let draining = false;
  return {
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
    handler(_req, res) {
      res.setHeader("Cache-Control", "no-store");
      if (draining) {
        res.status(503).json({ status: "stopping" });
        return;
      }
      res.json(sharedState.degraded() ? { status: "ready", sharedState: "unreachable" } : { status: "ready" });
    },
  };
}
