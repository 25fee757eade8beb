import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBodyFirst } from "./read-body-first";

let server: Server;
let port: number;
/** When each request reached the handler after readBodyFirst ("admitted"), by request id. */
const admitted = new Map<string, number>();

beforeAll(async () => {
  const app = express();
  app.post("/echo", readBodyFirst({ maxBytes: 1_000, deadlineMs: 300 }), async (req, res) => {
    admitted.set(String(req.headers["x-id"]), Date.now());
    // Read exactly as React Router's Express adapter does.
    const body = await new Response(createReadableStreamFromReadable(req)).text();
    res.type("text").send(`got:${body}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(id: string, headers: Record<string, string>, parts: string[], gapMs = 0): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/echo", method: "POST", headers: { "x-id": id, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    let i = 0;
    const sendNext = () => {
      const part = parts[i++];
      if (part === undefined) return req.end();
      req.write(part);
      setTimeout(sendNext, gapMs);
    };
    sendNext();
  });
}

describe("readBodyFirst", () => {
  it("goes on only once the whole body is in, and the next reader gets every byte", async () => {
    const parts = ["envelope=", "%3Ca%3E", "x".repeat(500)];
    const length = parts.join("").length;
    let lastWrite = 0;
    const answer = post("slow", { "Content-Length": String(length) }, parts, 50);
    setTimeout(() => (lastWrite = Date.now()), 100);
    const response = await answer;
    expect(response).toEqual({ status: 200, body: `got:${parts.join("")}` });
    expect(admitted.get("slow")).toBeGreaterThanOrEqual(lastWrite);
  });

  it("413 for a declared length over the cap, 411 for a body without a length; neither is admitted", async () => {
    expect((await post("big", { "Content-Length": "1001" }, ["x".repeat(1001)])).status).toBe(413);
    expect((await post("chunked", { "Transfer-Encoding": "chunked" }, ["abc"])).status).toBe(411);
    expect(admitted.has("big") || admitted.has("chunked")).toBe(false);
  });

  it("408 for a body that does not arrive by the deadline; never admitted", async () => {
    const stalled = await new Promise<{ status: number }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/echo", method: "POST", headers: { "x-id": "stalled", "Content-Length": "100" } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        },
      );
      req.on("error", reject);
      req.write("a few bytes"); // and never the rest
    });
    expect(stalled.status).toBe(408);
    expect(admitted.has("stalled")).toBe(false);
  });

  it("a request without a body goes straight on", async () => {
    expect(await post("empty", { "Content-Length": "0" }, [])).toEqual({ status: 200, body: "got:" });
  });
});
