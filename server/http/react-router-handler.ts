import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { requestOrigin } from "./trusted-origin";

/**
 * The portal's one React Router handler: every render (the Express path and a page-cache miss) goes
 * through this one instance, with the visitor's request and the same load context. It wraps the two
 * halves React Router's Node adapters are made of (`createRequest` and `sendResponse` of
 * @remix-run/node-fetch-server, on which @react-router/node is built), so a release brings its own request
 * conversion, and adds only what the portal needs between them: the page cache reads the rendered
 * Response before it is sent (to store it), and the address's scheme and host are the configured origin
 * the request was matched to (server/http/trusted-origin.ts), never a header.
 */
export interface ReactRouterHandler {
  /**
   * Renders the visitor's request. `url` (a path and query) replaces the address for a page-cache
   * render (the page's canonical address: a tracking query is not part of the page), and such a render
   * is always the GET of the page, also for a HEAD.
   */
  render(req: Request, res: Response, override?: { url: string }): Promise<globalThis.Response>;
  /** Writes a rendered Response to the visitor. */
  send(res: Response, response: globalThis.Response): Promise<void>;
  /** The Express path: render, then send; an error goes to the error handler. */
  middleware: RequestHandler;
}

/**
 * The visitor's request as a Fetch Request. The handler is mounted at the root of the Express app
 * (server/portal/document-pipeline.ts), so `req.url` is the whole path and query the visitor asked for.
 */
function toFetchRequest(req: Request, res: Response, override?: { url: string }): globalThis.Request {
  const origin = new URL(requestOrigin(req));
  const request = createRequest(req, res, { protocol: origin.protocol, host: origin.host });
  if (!override) return request;
  return new globalThis.Request(new URL(override.url, origin), { method: "GET", headers: request.headers, signal: request.signal });
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
    // sendResponse writes the route's headers over those the middleware set (the language middleware's
    // `Cache-Control: no-cache` beside a route's `private, no-store` was two Cache-Control headers); but
    // cookies add up and `Vary` merges, so those two join the middleware's before it writes the rest.
    const headers = new Headers(response.headers);
    for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
    headers.delete("set-cookie");
    const vary = headers.get("vary");
    if (vary) res.vary(vary);
    headers.delete("vary");
    try {
      await sendResponse(res, new globalThis.Response(response.body, { status: response.status, statusText: response.statusText, headers }));
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
