import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";

/**
 * The portal's one React Router handler: every render (the Express path and a page-cache miss) goes
 * through this one instance, with the visitor's request and the same load context. It is React
 * Router's Express adapter taken apart, so that the page cache can read the rendered Response before
 * it is sent (to store it) and the Express path can send it as the adapter does.
 */
export interface ReactRouterHandler {
  /**
   * Renders the visitor's request. `url` (a path and query) replaces the address for a page-cache
   * render (the page's canonical address: a tracking query is not part of the page), and such a render
   * is always the GET of the page, also for a HEAD.
   */
  render(req: Request, res: Response, override?: { url: string }): Promise<globalThis.Response>;
  /** Writes a rendered Response to the visitor, as React Router's Express adapter does. */
  send(res: Response, response: globalThis.Response): Promise<void>;
  /** The Express path: render, then send; an error goes to the error handler. */
  middleware: RequestHandler;
}

function requestHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  return headers;
}

/** The address React Router sees: scheme and host as Express reads them (trust proxy), the path as asked. */
function requestUrl(req: Request, pathAndQuery: string): URL {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port === undefined ? "" : `:${port}`}${pathAndQuery}`);
}

function toFetchRequest(req: Request, res: Response, override?: { url: string }): globalThis.Request {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const method = override ? "GET" : req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers: requestHeaders(req), signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(requestUrl(req, override?.url ?? req.originalUrl).href, init);
}

const isClosed = (res: Response) => res.destroyed || res.writableEnded;

export function reactRouterHandler({
  build,
  mode,
  loadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  loadContext: (req: Request, res: Response) => RouterContextProvider;
}): ReactRouterHandler {
  const handle = createRequestHandler(build, mode);

  const render = (req: Request, res: Response, override?: { url: string }) => handle(toFetchRequest(req, res, override), loadContext(req, res));

  async function send(res: Response, response: globalThis.Response): Promise<void> {
    if (isClosed(res)) {
      await response.body?.cancel();
      return;
    }
    res.statusMessage = response.statusText;
    res.status(response.status);
    // The route's headers replace the middleware's defaults (the language middleware's `Cache-Control:
    // no-cache` beside a route's `private, no-store` was two Cache-Control headers); cookies add up.
    for (const [name, value] of response.headers.entries()) {
      if (name === "set-cookie") res.append(name, value);
      else if (name === "vary") res.vary(value);
      else res.setHeader(name, value);
    }
    if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
    if (!response.body) {
      res.end();
      return;
    }
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (!isClosed(res)) throw error;
    }
  }

  const middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      await send(res, await render(req, res));
    } catch (error) {
      next(error);
    }
  };

  return { render, send, middleware };
}
