import type { ReactElement } from "react";
import type { Request, Response } from "express";
import { PORTAL_STYLESHEET_HREF, serverPageHtml } from "../../app/server-surface";
import { REQUEST_ID_HEADER } from "../observability/request-id";

/** The client build's stylesheets by address (server/http/stylesheets.ts); none until the portal starts. */
let stylesheetOf: (href: string) => Buffer | undefined = () => undefined;

/**
 * Gives the server's own pages (errors, busy, sign-in problems, the demo provider) the portal's
 * stylesheet, the same bytes the rendered pages carry. Without it (development, unit tests) they link
 * to the stylesheet instead.
 */
export function setServerPageStylesheets(stylesheet: (href: string) => Buffer | undefined): void {
  stylesheetOf = stylesheet;
}

/**
 * What a server page needs of its response: the CSP nonce that allows its inline stylesheet; its
 * status and request id (server/observability/request-id.ts), shown on an error page as the reference
 * to quote.
 */
interface WithLocals {
  locals?: { cspNonce?: unknown };
  statusCode?: number;
  getHeader?: (name: string) => unknown;
}

/** A server page as HTML for this response (its stylesheet allowed by the response's nonce). */
export function serverPageFor(res: WithLocals, page: ReactElement): string {
  const nonce = typeof res.locals?.cspNonce === "string" ? res.locals.cspNonce : undefined;
  const id = (res.statusCode ?? 0) >= 400 ? res.getHeader?.(REQUEST_ID_HEADER) : undefined;
  return serverPageHtml(page, { css: stylesheetOf(PORTAL_STYLESHEET_HREF), nonce, ...(typeof id === "string" ? { reference: id } : {}) });
}

/** Sends a server page with this status; never stored by a cache; a HEAD gets the headers only. */
export function sendServerPage(req: Request, res: Response, status: number, page: ReactElement): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.type("html");
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.send(serverPageFor(res, page));
}
