import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { sandboxRateLimit } from "./sandbox-router";

/** A server whose one route sits behind the sandbox's limiters; each call comes from another address. */
async function withLimitedRoute(options: Parameters<typeof sandboxRateLimit>[2], run: (post: (client: string) => Promise<Response>) => Promise<void>) {
  const app = express();
  app.set("trust proxy", "loopback");
  app.post("/check", ...sandboxRateLimit(2, 60_000, options), (_req, res) => void res.send("checked"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run((client) => fetch(`http://127.0.0.1:${port}/check`, { method: "POST", headers: { "X-Forwarded-For": client } }));
  } finally {
    server.close();
  }
}

describe("the sandbox's rate limits", () => {
  it("hold one client to its own limit (429) and all clients together to the server's budget (503, Retry-After)", async () => {
    await withLimitedRoute({ allClients: { limit: 4, windowMs: 60_000 } }, async (post) => {
      expect((await post("203.0.113.1")).status).toBe(200);
      expect((await post("203.0.113.1")).status).toBe(200);
      expect((await post("203.0.113.1")).status).toBe(429);
      // A flood from many addresses passes the per-client limit but not the budget of all clients.
      const statuses = [];
      for (let client = 10; client < 16; client += 1) statuses.push((await post(`203.0.113.${client}`)).status);
      expect(statuses).toEqual([200, 200, 503, 503, 503, 503]);
      // (Test windows are a minute long; the server's budget is per second.)
      const refused = await post("203.0.113.99");
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
    });
  });

  it("the bench-only lift lifts the per-client limit, never the budget of all clients", async () => {
    await withLimitedRoute({ lifted: true, allClients: { limit: 3, windowMs: 60_000 } }, async (post) => {
      const statuses = [];
      for (let call = 0; call < 5; call += 1) statuses.push((await post("203.0.113.1")).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([503, 503]);
    });
  });
});
