/**
 * Every address of the portal starts here: the base path `/areaOE` and the helpers that build
 * addresses under it. Page addresses come from the site map (`pageHref` in site-map.ts); the server,
 * the build configuration and the end-to-end tests import from this module too, so the base path is
 * written once.
 */
export const BASE_PATH = "/areaOE";

/** The base path with its trailing slash, as the router's basename and Vite's `base` want it. */
export const BASE_URL = `${BASE_PATH}/`;

/** The full address of a path below the base path: appPath("/public/x") → "/areaOE/public/x". */
export function appPath(path: string): string {
  if (path === "" || path === "/") return BASE_URL;
  return `${BASE_PATH}${path.startsWith("/") ? path : `/${path}`}`;
}

/** A resource route of the server: apiPath("time") → "/areaOE/api/time". */
export function apiPath(name: string): string {
  return appPath(`/api/${name}`);
}

/** A file of `public/` served as it is: assetPath("favicon.svg") → "/areaOE/favicon.svg". */
export function assetPath(file: string): string {
  return appPath(`/${file.replace(/^\/+/, "")}`);
}

/** Is this address inside the portal (the base path itself or below it)? */
export function isUnderBasePath(href: string): boolean {
  return href === BASE_PATH || href.startsWith(BASE_URL);
}
