import { Router } from "express";

/**
 * GET /api/time: the server's clock in epoch milliseconds. The header form and the CLI
 * (`--clock-from`) measure the device's offset from it, because the authority refuses a header whose
 * Created is more than a minute off. The server's own clock must be kept by NTP (docs/security-header.md).
 */
export function timeRouter(now: () => number = Date.now): Router {
  const router = Router();
  router.get("/api/time", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ now: now() });
  });
  return router;
}
