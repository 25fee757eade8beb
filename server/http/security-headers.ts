import type { Request, Response, NextFunction, RequestHandler } from "express";
import helmet, { contentSecurityPolicy } from "helmet";
import type { InlineSources } from "../../app/server-surface";
import { newNonce } from "./csp-nonce";
import { isSecureOrigin } from "./trusted-origin";

export { newNonce } from "./csp-nonce";

/** A fresh CSP nonce per response, for React Router's inline hydration scripts (static documents use hashes). */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = newNonce();
  next();
}

/**
 * What allows this response's inline scripts or styles: its nonce, or, on a static document (an
 * anonymous page of text, the same bytes for every visitor), the hashes of its inline elements.
 */
function inlineSources(res: Response, kind: keyof InlineSources): string {
  const hashes = res.locals.staticDocument?.[kind];
  return hashes ? hashes.join(" ") : `'nonce-${res.locals.cspNonce}'`;
}

type PolicyOptions = Exclude<Parameters<typeof contentSecurityPolicy>[0], undefined>;

function policyOptions(connectSrc: string[]): PolicyOptions {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => inlineSources(res as Response, "scripts")],
      // Our stylesheet and the <style> elements that Radix's scroll lock adds with this response's
      // nonce (set in entry.client through get-nonce). Nothing injects a stylesheet of its own.
      styleSrc: ["'self'", (_req, res) => inlineSources(res as Response, "styles")],
      // Server-rendered style attributes (virtualised tables, popover positions) need this; it does
      // not allow <style> elements or any script.
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      // Error reports may go to another origin named in the startup configuration.
      connectSrc: ["'self'", ...connectSrc],
      scriptSrcAttr: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

function helmetOptions(connectSrc: string[]): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: policyOptions(connectSrc),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over HTTPS; the middleware below adds it when the request is secure.
    strictTransportSecurity: false,
  };
}

/**
 * Helmet with a strict Content-Security-Policy: scripts only from our origin or with this response's
 * nonce (or, on a static document, their hashes); no inline or eval'd script, no plugins, no framing,
 * no <base> rewriting. `Cross-Origin-Opener-Policy: same-origin` goes on every response but static
 * documents (see `staticDocumentHeaders`).
 */
export function securityHeaders({ connectSrc = [] }: { connectSrc?: string[] } = {}): RequestHandler {
  return helmet(helmetOptions(connectSrc));
}

/**
 * Turns this response's headers into a static document's: the policy allows its inline elements by
 * these hashes (no nonce, so its bytes and headers are the same for every visitor), and it sends no
 * Cross-Origin-Opener-Policy. COOP protects a page's state from a cross-origin window that opened it
 * or that it opens; an anonymous page of text holds none (no session, no form, no script with state),
 * and the browsing-context-group switch COOP forces costs the visitor a new renderer process at
 * entry. Pages that hydrate, forms, sign-in and every signed-in response keep it.
 */
export function staticDocumentHeaders({ connectSrc = [] }: { connectSrc?: string[] } = {}) {
  const policy = contentSecurityPolicy(policyOptions(connectSrc));
  return (req: Request, res: Response, sources: InlineSources): void => {
    res.locals.staticDocument = sources;
    policy(req, res, (error?: unknown) => {
      if (error) throw error;
    });
    withoutOpenerPolicy(res);
  };
}

/**
 * Drops Cross-Origin-Opener-Policy from an answer that holds no state a cross-origin window could reach:
 * an anonymous page where no credential is entered (app/entry.server.tsx; a static document always is
 * one, so `staticDocumentHeaders` drops it itself). See docs/decisions/0004.
 * The browsing-context-group switch COOP forces costs a new renderer process at entry, which Lighthouse
 * counts as blocking time.
 */
export function withoutOpenerPolicy(res: Response): void {
  res.removeHeader("Cross-Origin-Opener-Policy");
}

/** The origin of an absolute report URL, to allow in connect-src; an in-app path needs nothing. */
export function connectSourcesFor(url: string): string[] {
  return /^https?:\/\//i.test(url) ? [new URL(url).origin] : [];
}

/** Strict-Transport-Security, for every response of an HTTPS origin (the page cache's early answers too). */
export const HSTS = "max-age=63072000; includeSubDomains; preload";

export function hstsWhenSecure(req: Request, res: Response, next: NextFunction): void {
  if (isSecureOrigin(req)) res.setHeader("Strict-Transport-Security", HSTS);
  next();
}

export function permissionsPolicy(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
  );
  next();
}
