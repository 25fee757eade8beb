import { apiPath, appPath, BASE_PATH, BASE_URL, isUnderBasePath } from "~/config/paths";

/** Where the sign-in flow lives and how a page asks to come back after it. */
export const AUTH_PATH = appPath("/auth");
export const SIGN_IN_PATH = `${AUTH_PATH}/sign-in`;
export const SIGN_OUT_PATH = `${AUTH_PATH}/sign-out`;
export const CALLBACK_PATH = `${AUTH_PATH}/callback`;
export const SIGNED_OUT_PATH = `${AUTH_PATH}/signed-out`;
export const SESSION_API_PATH = apiPath("session");
export const DEFAULT_RETURN_TO = BASE_URL;
export const RETURN_TO_PARAM = "returnTo";

const MAX_LENGTH = 2048;

/**
 * A return address the visitor may be sent back to, or the home page. Only paths under /areaOE
 * pass: no scheme, no host, no `//`, no backslash, no control character (which browsers strip or
 * reinterpret), and nothing under /areaOE/auth (it would loop through sign-in again).
 */
export function safeReturnTo(value: unknown, fallback: string = DEFAULT_RETURN_TO): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!isUnderBasePath(value) && !value.startsWith(`${BASE_PATH}?`)) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex
  if (value.includes("//") || value.includes("\\") || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  // Belt and braces: resolved against any origin, it must stay on that origin and under the base path.
  const probe = new URL(value, "http://areaoe.invalid");
  if (probe.origin !== "http://areaoe.invalid") return fallback;
  if (!isUnderBasePath(probe.pathname)) return fallback;
  if (probe.pathname === AUTH_PATH || probe.pathname.startsWith(`${AUTH_PATH}/`)) return fallback;
  return value;
}

/** The sign-in address that brings the visitor back to `returnTo` afterwards. */
export function signInHref(returnTo: string): string {
  return `${SIGN_IN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The path and query of a request URL, which is what a page passes as its return address. */
export function returnToFromUrl(url: string | URL): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return safeReturnTo(`${parsed.pathname}${parsed.search}`);
}
