import { apiPath, assetPath, AUTH_PATH, BASE_PATH, pageIdHasIslands, RENEWAL_REMINDER_PATH, routedPageAddresses } from "../../app/server-surface";

/**
 * What a request asked for, as a metric label: a small fixed set, derived from the page manifest and
 * the paths module, never from the address itself (a stranger chooses the address: a label that
 * carried it would grow the metrics without bound).
 * - `text`: a page of text (the manifest's pages without script: content pages, the home page);
 * - `tool`: a page with a widget that needs script (`islands: true`: the header
 *   form and checker, search, first steps, web services, IVAExp);
 * - `api`: `/areaOE/api/*`; `auth`: sign-in, callback, sign-out and the demo provider;
 * - `sandbox`: the SOAP sandbox and its certificate; `asset`: the build's hashed scripts and
 *   stylesheets and the public files (icon, diagrams); `download`: `/areaOE/downloads/*` and the
 *   renewal planner's `.ics`;
 * - `other`: anything else (an unknown address, a redirect to a canonical one, outside the base path).
 */
export const ROUTE_KINDS = ["text", "tool", "api", "auth", "sandbox", "asset", "download", "other"] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

const API = `${apiPath("")}`;
const AUTH = `${AUTH_PATH}/`;
const DEV_IDP = `${BASE_PATH}/dev-idp`;
const SANDBOX = `${BASE_PATH}/sandbox/`;
const ASSETS = `${BASE_PATH}/assets/`;
const DOWNLOADS = assetPath("downloads/");

/** The public files of the build other than hashed assets and downloads (`public/`: the icon, the diagrams). */
const PUBLIC_FILES = [assetPath("favicon.svg"), assetPath("diagrams/")];

/** The classifier of request addresses (the page addresses are read once from the manifest). */
export function routeKinds(): (url: string) => RouteKind {
  const pages = new Map<string, RouteKind>();
  for (const [address, id] of routedPageAddresses()) pages.set(address, pageIdHasIslands(id) ? "tool" : "text");
  return (url) => {
    const at = url.indexOf("?");
    const path = at < 0 ? url : url.slice(0, at);
    const page = pages.get(path);
    if (page) return page;
    if (!path.startsWith(BASE_PATH)) return "other";
    if (path.startsWith(API)) return "api";
    if (path.startsWith(ASSETS)) return "asset";
    if (path.startsWith(DOWNLOADS) || path === RENEWAL_REMINDER_PATH) return "download";
    if (path.startsWith(SANDBOX)) return "sandbox";
    if (path.startsWith(AUTH) || path.startsWith(DEV_IDP)) return "auth";
    if (PUBLIC_FILES.some((prefix) => path.startsWith(prefix))) return "asset";
    return "other";
  };
}
