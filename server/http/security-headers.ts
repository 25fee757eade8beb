import type { Request, Response, NextFunction, RequestHandler } from "express";
import helmet from "helmet";
import { newNonce } from "./csp-nonce";
import { isSecureOrigin } from "./trusted-origin";

export { newNonce } from "./csp-nonce";

/** A fresh CSP nonce per response, for React Router's inline hydration scripts. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = newNonce();
  next();
}

/**
 * Helmet with a strict Content-Security-Policy: scripts only from our origin or with this response's
 * nonce; no inline or eval'd script, no plugins, no framing, no <base> rewriting.
 */
export function securityHeaders({ connectSrc = [] }: { connectSrc?: string[] } = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        // Our stylesheet and the <style> elements that Radix's scroll lock adds with this response's
        // nonce (set in entry.client through get-nonce). Nothing injects a stylesheet of its own.
        styleSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
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
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over HTTPS; the middleware below adds it when the request is secure.
    strictTransportSecurity: false,
  });
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
