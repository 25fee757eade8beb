import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubServerBuild } from "../portal/stub-server-build";
import { reactRouterHandler } from "./react-router-handler";
import { trustedOrigins } from "./trusted-origin";

// React Router's request handler over a stub build (no `npm run build`), behind the portal's one wrapper of
// the adapter's halves, over real HTTP on loopback: what React Router is given, and what the visitor gets.
const seen: { method: string; url: string }[] = [];
const posted: string[] = [];
const stub = stubServerBuild({ body: "<!DOCTYPE html><p>page</p>" });
const page = stub.routes.page!;
const build = {
  ...stub,
  // The catch-all page takes posts, as the checker's route does, and reads the body there.
  routes: {
    ...stub.routes,
    page: { ...page, module: { ...page.module, action: async ({ request }: { request: Request }) => void posted.push(await request.text()) } },
  },
  assets: { ...stub.assets, routes: { ...stub.assets.routes, page: { ...stub.assets.routes.page, hasAction: true } } },
  entry: {
    module: {
      default: async (request: Request, status: number, headers: Headers) => {
        seen.push({ method: request.method, url: request.url });
        // What a route's `headers` and the server entry give: a cookie, a Vary and a Cache-Control of their own.
        headers.set("Content-Type", "text/html; charset=utf-8");
        headers.append("Set-Cookie", "route=1; Path=/areaOE");
        headers.set("Vary", "Cookie");
        headers.set("Cache-Control", "private, no-store");
        return new Response(request.method === "HEAD" ? null : "<!DOCTYPE html><p>page</p>", { status, headers });
      },
    },
  },
} as unknown as ServerBuild;

const origins = trustedOrigins({ publicOrigins: ["https://areaoe.example.pt"], port: 0, trust: () => false, protocolOf: () => "http" });
const handler = reactRouterHandler({ build, mode: "production", loadContext: () => new RouterContextProvider() });
let server: Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  // The front door's Host check (server/portal/front-door.ts) matches the request to a configured origin first.
  app.use((req, res, next) => (origins.check(req).ok ? next() : res.status(421).end()));
  // What the middleware before the render sets: a cookie, a Vary and a Cache-Control (server/http/language.ts).
  app.use((_req, res, next) => {
    res.append("Set-Cookie", "lang=pt; Path=/areaOE");
    res.vary("Accept-Language");
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  app.get("/areaOE/cached", async (req, res, next) => {
    try {
      await handler.send(res, await handler.render(req, res, { url: "/areaOE/canonical?lang=en" }));
    } catch (error) {
      next(error);
    }
  });
  app.all(/.*/, handler.middleware);
  server = createServer(app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

function call(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the React Router handler (the adapter's halves, wrapped)", () => {
  it("gives React Router the configured origin, never the Host or X-Forwarded-Host as sent", async () => {
    seen.length = 0;
    const answer = await call("GET", "/areaOE/public/x?lang=en", { host: "AREAOE.example.pt", "x-forwarded-host": "evil.example" });
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ method: "GET", url: "https://areaoe.example.pt/areaOE/public/x?lang=en" }]);
    expect(answer.body).toBe("<!DOCTYPE html><p>page</p>");
  });

  it("adds the route's cookies to the middleware's, merges Vary, and lets the route's Cache-Control replace the middleware's", async () => {
    const answer = await call("GET", "/areaOE/", { host: "areaoe.example.pt" });
    expect(answer.headers["set-cookie"]).toEqual(["lang=pt; Path=/areaOE", "route=1; Path=/areaOE"]);
    expect(answer.headers.vary).toBe("Accept-Language, Cookie");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("passes a form post's body through, and answers a HEAD without a body", async () => {
    seen.length = 0;
    const answer = await call("POST", "/areaOE/form", { host: "areaoe.example.pt", "content-type": "application/x-www-form-urlencoded" }, "envelope=%3Cx%2F%3E");
    expect(answer.status).toBe(200);
    expect(posted).toEqual(["envelope=%3Cx%2F%3E"]);
    expect(seen).toEqual([{ method: "POST", url: "https://areaoe.example.pt/areaOE/form" }]);
    const head = await call("HEAD", "/areaOE/", { host: "areaoe.example.pt" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });

  it("renders a page-cache miss at the page's canonical address, as a GET (also for a HEAD)", async () => {
    seen.length = 0;
    await call("HEAD", "/areaOE/cached?utm_source=x", { host: "areaoe.example.pt" });
    expect(seen).toEqual([{ method: "GET", url: "https://areaoe.example.pt/areaOE/canonical?lang=en" }]);
  });

  it("answers a foreign Host before React Router sees it", async () => {
    seen.length = 0;
    expect((await call("GET", "/areaOE/", { host: "evil.example" })).status).toBe(421);
    expect(seen).toEqual([]);
  });
});
