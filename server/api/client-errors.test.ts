import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { pino } from "pino";
import { Writable } from "node:stream";
import { errorDigest } from "../../app/server-surface";
import { boundLines, clientErrorsRouter, MAX_LINE_CHARS } from "./client-errors";

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
    // The digest is the server's own, from the message and the throw site.
    expect(JSON.parse(logged[0] ?? "{}").clientError).toEqual({ ...report, digest: errorDigest(report.message, report.stack) });
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

  it("answers 400 for a stack over 4,000 characters and 413 for a body over 16 KB", async () => {
    expect((await post(JSON.stringify({ ...report, stack: "x".repeat(4_001) }))).status).toBe(400);
    const huge = await post(JSON.stringify({ ...report, stack: "x".repeat(17_000) }));
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

describe("the server owns what it logs of a report", () => {
  async function withRouter(options: Partial<Parameters<typeof clientErrorsRouter>[0]>, run: (send: (body: object) => Promise<number>) => Promise<void>) {
    const app = express();
    app.use("/areaOE", clientErrorsRouter({ logger, limit: 1_000, ...options }));
    const own = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => own.once("listening", resolve));
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/areaOE/api/client-errors`;
    try {
      await run(async (body) => (await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).status);
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  }

  it("two reports of one error with different client digests make one log line", async () => {
    lines.length = 0;
    await withRouter({}, async (send) => {
      const one = { ...report, message: "Error: one fault", stack: "Error: one fault\n    at Widget (https://x/w.js:3:4)\n    at a (https://x/f.js:1:1)" };
      expect(await send({ ...one, digest: "00000001" })).toBe(204);
      expect(await send({ ...one, digest: "00000002", stack: `${one.stack.split("\n").slice(0, 2).join("\n")}\n    at b (https://x/g.js:9:9)` })).toBe(204);
    });
    expect(lines.filter((line) => line.includes("client error report"))).toHaveLength(1);
  });

  it("logs a reported URL and message redacted: no query, no password, no token", async () => {
    lines.length = 0;
    await withRouter({}, async (send) => {
      const status = await send({
        ...report,
        message: "Error: failed https://portal.example/areaOE/x?q=555555555 with password=hunter2 and Bearer abcdefghijkl",
        url: "https://portal.example/areaOE/public/pesquisa?q=555555555&password=hunter2#frag",
      });
      expect(status).toBe(204);
    });
    const logged = lines.find((line) => line.includes("client error report")) ?? "";
    expect(logged).not.toMatch(/hunter2|555555555|abcdefghijkl|frag/);
    const { clientError } = JSON.parse(logged) as { clientError: { url: string; message: string } };
    expect(clientError.url).toBe("https://portal.example/areaOE/public/pesquisa");
    expect(clientError.message).toContain("password=[redacted]");
  });

  it("logs at most the global budget a minute from all clients, then one suppressed line", async () => {
    lines.length = 0;
    let time = 1_000_000;
    await withRouter({ globalBudget: 3, now: () => time }, async (send) => {
      for (let i = 0; i < 7; i += 1) expect(await send({ ...report, message: `Error: distinct ${i}`, stack: `Error\n    at f${i} (https://x/a.js:1:${i})` })).toBe(204);
      expect(lines.filter((line) => line.includes('"msg":"client error report"'))).toHaveLength(3);
      time += 60_000;
      await send({ ...report, message: "Error: next minute", stack: "Error\n    at g (https://x/a.js:2:2)" });
    });
    const suppressed = lines.filter((line) => line.includes("suppressed"));
    expect(suppressed).toHaveLength(1);
    expect(JSON.parse(suppressed[0] ?? "{}").suppressed).toBe(4);
    expect(lines.filter((line) => line.includes('"msg":"client error report"'))).toHaveLength(4);
  });
});

describe("bounded redaction cost", () => {
  // What the worst lines (4,000 characters of `eyJ-` or `@`) cost against a normal report is measured
  // in `npm run bench` (availability.bench.ts posts them), not timed here.
  it("cuts lines and line count before any regular expression", () => {
    expect(boundLines("a".repeat(1_000)).length).toBe(MAX_LINE_CHARS + 1);
    expect(boundLines(Array.from({ length: 100 }, () => "x").join("\n")).split("\n")).toHaveLength(41);
    expect(boundLines("Error: boom\n    at Page (https://x/a.js:1:2)")).toBe("Error: boom\n    at Page (https://x/a.js:1:2)");
  });
});

