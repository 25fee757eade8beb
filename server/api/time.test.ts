import express from "express";
import { describe, expect, it } from "vitest";
import { timeRouter } from "./time";

async function get(app: express.Express, path: string) {
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    return await fetch(`http://127.0.0.1:${port}${path}`);
  } finally {
    server.close();
  }
}

describe("GET /api/time", () => {
  it("answers the server's clock in epoch milliseconds, never cached", async () => {
    const app = express();
    app.use("/areaOE", timeRouter(() => 1_790_000_000_123));
    const response = await get(app, "/areaOE/api/time");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ now: 1_790_000_000_123 });
  });
});
