import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { limitsSchema } from "../config/schema";
import { createPortalServer } from "./http-server";

/** Milliseconds until the server closes a socket that sent part of a request's headers and stopped. */
async function secondsHeldBySlowHeaders(headersTimeoutMs: number, intervalMs?: number): Promise<number> {
  const limits = limitsSchema.parse({ headersTimeoutMs, requestTimeoutMs: headersTimeoutMs + 1_000, ...(intervalMs ? { connectionsCheckingIntervalMs: intervalMs } : {}) });
  const server = createPortalServer(limits, (_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    const started = Date.now();
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /areaOE/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    socket.on("data", () => {});
    await new Promise((resolve) => {
      socket.once("close", resolve);
      // Bounded: the test gives up (and fails) well after the limit.
      setTimeout(() => socket.destroy(), headersTimeoutMs + 8_000).unref();
    });
    return Date.now() - started;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the portal's HTTP server", () => {
  it("closes a socket whose headers trickle soon after headersTimeout (connectionsCheckingInterval), not ~30 s later", async () => {
    const held = await secondsHeldBySlowHeaders(1_000, 200);
    expect(held).toBeGreaterThanOrEqual(900);
    expect(held).toBeLessThan(2_500);
  });

  it("has the limits of the configuration, with defaults: 20 s for headers checked every second, and a maxConnections", () => {
    const limits = limitsSchema.parse({});
    const server = createPortalServer(limits, () => {});
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.maxConnections).toBe(limits.maxConnections);
    expect(limits.connectionsCheckingIntervalMs).toBeLessThanOrEqual(1_000);
  });
});
