import type { Express } from "express";
import { BASE_PATH } from "../../app/server-surface";
import { wellFormedUrl } from "../http/request-guards";
import { cspNonce, hstsWhenSecure, permissionsPolicy, securityHeaders } from "../http/security-headers";
import { hashedAssetFiles } from "../http/static-assets";
import type { PortalParts } from "./portal-options";

/**
 * Hashed scripts and stylesheets that exist (they need none of the document headers), then every other
 * answer's security headers (CSP with its nonce, HSTS, Permissions-Policy), then a malformed address's 400.
 */
export function responseHeaders(app: Express, { settings, clientDir }: Pick<PortalParts, "settings" | "clientDir">, connectSrc: string[]): void {
  if (clientDir) app.use(`${BASE_PATH}/assets`, ...hashedAssetFiles(clientDir, settings.previousAssetsDir));
  app.use(cspNonce, securityHeaders({ connectSrc }), hstsWhenSecure, permissionsPolicy);
  app.use(wellFormedUrl);
}
