import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { pino } from "pino";
import { Writable } from "node:stream";
import { clientErrorsRouter } from "./client-errors";

const lines: string[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  }),
);

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use("/areaOE", clientErrorsRouter({ logger, limit: 8, windowMs: 60_000 }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/areaOE/api/client-errors`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const report = {
  digest: "0a1b2c3d",
  message: "Error: boom",
  stack: "Error: boom\n    at Page (https://x/a.js:1:2)",
  componentStack: "\n    in Page",
  timestamp: "2025-01-02T03:04:05.678Z",
  userAgent: "TestAgent/1.0",
  url: "https://x/areaOE/public/iecs",
};

function post(body: string, contentType = "application/json", headers: Record<string, string> = {}) {
  return fetch(base, { method: "POST", headers: { "Content-Type": contentType, ...headers }, body });
}

// The order matters: the limiter allows 8 reports a minute in this suite.
describe("POST /areaOE/api/client-errors", () => {
  it("accepts a valid report with 204 and logs it once per digest, without cookies", async () => {
    const first = await post(JSON.stringify(report), "application/json", { Cookie: "session=secret-cookie" });
    expect(first.status).toBe(204);
    expect((await post(JSON.stringify(report))).status).toBe(204);
    const logged = lines.filter((line) => line.includes("client error report"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? "{}").clientError).toEqual(report);
    expect(lines.join("")).not.toContain("secret-cookie");
  });

  it("answers 400 for malformed JSON and for bad fields, with a clear message", async () => {
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The body is not valid JSON." });
    const bad = await post(JSON.stringify({ ...report, digest: "xyz", extra: 1 }));
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toMatch(/digest: must be 8 hexadecimal digits/);
    expect(error).toMatch(/extra/);
  });

  it("answers 400 for a stack over 8 KB and 413 for a body over 64 KB", async () => {
    expect((await post(JSON.stringify({ ...report, stack: "x".repeat(8_193) }))).status).toBe(400);
    const huge = await post(JSON.stringify({ ...report, stack: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
  });

  it("answers 415 for another content type", async () => {
    expect((await post(JSON.stringify(report), "text/plain")).status).toBe(415);
  });

  it("answers 405 with Allow for other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await fetch(base, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("answers 429 past the per-client limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post(JSON.stringify(report))).status);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
