import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { newNonce } from "../http/security-headers";
import { trustedOrigins } from "../http/trusted-origin";
import type { ReactRouterHandler } from "../http/react-router-handler";
import { createPageCache } from "./page-cache";

/**
 * The page cache against a stand-in for the portal's one React Router handler, over real HTTP: what
 * a miss hands the handler (the visitor's own request and load context, at the page's canonical
 * address), that a page is rendered once, and that an unshareable answer is the visitor's, not
 * rendered a second time.
 */
const PAGE = "/areaOE/public/importacao";

interface Render {
  url: string | undefined;
  method: string;
  cookie: string | undefined;
  probe: string | undefined;
  nonce: string;
}
const renders: Render[] = [];
let answer: { status: number; cacheControl?: string } = { status: 200 };
let expressPath = 0;

const renderer: Pick<ReactRouterHandler, "render" | "send"> = {
  async render(req: Request, res: Response, override?: { url: string }) {
    const nonce = String(res.locals.cspNonce);
    renders.push({ url: override?.url, method: req.method, cookie: req.headers.cookie, probe: req.get("x-probe"), nonce });
    const headers: Record<string, string> = { "Content-Type": "text/html; charset=utf-8" };
    if (answer.cacheControl) headers["Cache-Control"] = answer.cacheControl;
    return new Response(`<!doctype html><script nonce="${nonce}">1</script><p>page</p><style nonce="${nonce}"></style>`, { status: answer.status, headers });
  },
  async send(res: Response, response: globalThis.Response) {
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    res.end(Buffer.from(await response.arrayBuffer()));
  },
};

const build = { assets: { version: "test-build" } } as unknown as ServerBuild;

let server: Server;
let base: string;

function start() {
  const cache = createPageCache({ build, renderer, sessionCookies: ["__Host-areaoe-session", "areaoe-session"] });
  const app = express();
  let origins: ReturnType<typeof trustedOrigins> | undefined;
  app.use((req, res, next) => {
    // The Host check runs first in the server: loopback on this test's port.
    origins ??= trustedOrigins({ publicOrigins: [], port: (server.address() as AddressInfo).port, trust: () => false, protocolOf: () => "http" });
    expect(origins.check(req)).toMatchObject({ ok: true });
    res.locals.cspNonce = newNonce();
    res.locals.lang = "pt";
    res.locals.session = null;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.get(/.*/, cache.middleware);
  app.all(/.*/, (_req, res) => {
    expressPath += 1;
    res.status(200).send("express path");
  });
  server = app.listen(0, "127.0.0.1");
  return new Promise<void>((resolve) =>
    server.once("listening", () => {
      base = `http://localhost:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeEach(async () => {
  renders.length = 0;
  answer = { status: 200 };
  expressPath = 0;
  if (server) await new Promise((resolve) => server.close(resolve));
  await start();
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const nonceIn = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];

describe("a page-cache miss", () => {
  it("is the visitor's own request, rendered once at the page's canonical address, then served from memory", async () => {
    const first = await fetch(`${base}${PAGE}?utm_source=x`, { headers: { cookie: "lang=pt; other=1", "x-probe": "kept" } });
    expect(first.headers.get("cache-status")).toBe("areaoe; fwd=uri-miss; stored");
    const firstBody = await first.text();
    expect(renders).toHaveLength(1);
    // The visitor's headers reach the handler; the query that is not part of the page does not.
    expect(renders[0]).toMatchObject({ url: PAGE, cookie: "lang=pt; other=1", probe: "kept" });
    // The response's own nonce, in its policy and in its page.
    expect(nonceIn(firstBody)).toBe(renders[0]?.nonce);
    expect(first.headers.get("content-security-policy")).toContain(renders[0]?.nonce);

    const second = await fetch(`${base}${PAGE}`);
    expect(second.headers.get("cache-status")).toBe("areaoe; hit");
    const secondBody = await second.text();
    expect(renders).toHaveLength(1);
    // Stored with the first nonce cut out: the next response has its own, everywhere it was.
    const nonce = nonceIn(secondBody);
    expect(nonce).not.toBe(renders[0]?.nonce);
    expect(second.headers.get("content-security-policy")).toContain(nonce);
    expect(secondBody).toBe(firstBody.replaceAll(renders[0]?.nonce ?? "", nonce ?? ""));
    expect(expressPath).toBe(0);
  });

  it("stores the page a HEAD asked for, for the GETs after it", async () => {
    const head = await fetch(`${base}${PAGE}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(renders.map((render) => render.url)).toEqual([PAGE]);
    const get = await fetch(`${base}${PAGE}`);
    expect(get.headers.get("cache-status")).toBe("areaoe; hit");
    expect(await get.text()).toContain("<p>page</p>");
    expect(renders).toHaveLength(1);
  });

  it("sends an unshareable answer to the visitor it was rendered for, once, and never stores it", async () => {
    answer = { status: 200, cacheControl: "private, no-store" };
    const first = await fetch(`${base}${PAGE}`);
    expect(first.headers.get("cache-status")).toBe("areaoe; fwd=uri-miss; detail=unshareable");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const body = await first.text();
    expect(renders).toHaveLength(1);
    expect(nonceIn(body)).toBe(renders[0]?.nonce);
    expect(expressPath).toBe(0);
    // Remembered: the next request goes straight to the Express path.
    const second = await fetch(`${base}${PAGE}`);
    expect(second.headers.get("cache-status")).toBe("areaoe; fwd=bypass");
    expect(await second.text()).toBe("express path");
    expect(renders).toHaveLength(1);
  });

  it("answers an overload (503) as rendered, without keeping it", async () => {
    answer = { status: 503 };
    const first = await fetch(`${base}${PAGE}`);
    expect(first.status).toBe(503);
    expect(nonceIn(await first.text())).toBe(renders[0]?.nonce);
    answer = { status: 200 };
    const second = await fetch(`${base}${PAGE}`);
    expect(second.headers.get("cache-status")).toBe("areaoe; fwd=uri-miss; stored");
    expect(renders).toHaveLength(2);
  });
});
