import { parse } from "cookie";

/**
 * One cookie of a request's Cookie header, through the `cookie` package (the parser Express and
 * React Router use): values are URI-decoded, a malformed one is returned as sent (callers validate
 * it: a language against the list, a session token by decrypting it).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name];
}
