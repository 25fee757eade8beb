import { BASE_PATH, BASE_URL } from "../../app/server-surface";

/**
 * What the server does with a request target before the page cache and the render:
 * - `ok`: it is canonical (or outside what this checks): go on;
 * - `redirect`: the same resource has one canonical address; answer 301 there;
 * - `bad`: not an origin-form target (absolute form `http://…`, `*`, or no leading `/`): 400;
 * - `not-found`: a target that could only name a resource by tricks (empty segments, `..` above the root).
 */
export type AddressVerdict =
  | { kind: "ok" }
  | { kind: "redirect"; location: string }
  | { kind: "bad" }
  | { kind: "not-found" };

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * %XX of an unreserved character becomes the character (RFC 3986 §6.2.2.2); any other escape is left
 * as written (the router and the static files decode those themselves, and refuse what is malformed).
 */
function normalisePercent(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (match, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : match;
  });
}

/** Removes `.` and `..` segments (RFC 3986 §5.2.4); undefined when `..` climbs above the root. */
function removeDotSegments(path: string): string | undefined {
  const segments = path.split("/").slice(1);
  const out: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) out.push("");
    } else if (segment === "..") {
      if (out.length === 0) return undefined;
      out.pop();
      if (last) out.push("");
    } else out.push(segment);
  }
  return `/${out.join("/")}`;
}

/** The query without empty parts (`?&a=1&&`, a trailing `&`, a lone `?`). */
function normaliseQuery(query: string): string {
  const parts = query.split("&").filter((part) => part !== "");
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

export interface CanonicalAddresses {
  check(target: string): AddressVerdict;
}

/**
 * The canonical address rules of the portal. `pages` maps each page's address to its id (the site
 * map): a page's address is matched without regard to letter case or a final slash (as the router
 * matches), and answered 301 to its one spelling, so that every spelling does not render and fill
 * the page cache. Everything else under the base path keeps its case (static files are case-sensitive)
 * but still loses %-encoded unreserved characters, dot segments and empty query parts.
 */
const OK: AddressVerdict = Object.freeze({ kind: "ok" });

/** A query with no empty part (`a=1&b=2`, not `&a`, `a&&b`, `a&` or nothing): its normalised form is itself. */
const cleanQuery = (query: string) => query !== "" && !query.startsWith("&") && !query.endsWith("&") && !query.includes("&&");

export function canonicalAddresses(pages: ReadonlyMap<string, string>): CanonicalAddresses {
  const byLowerCase = new Map([...pages.keys()].map((address) => [address.toLowerCase(), address]));
  const baseLower = BASE_PATH.toLowerCase();
  const rules: CanonicalAddresses = {
    check(target) {
      if (!target.startsWith("/")) return { kind: "bad" };
      const at = target.indexOf("?");
      const rawPath = at < 0 ? target : target.slice(0, at);
      const rawQuery = at < 0 ? undefined : target.slice(at + 1);
      if (rawPath.startsWith("//")) return { kind: "not-found" };
      let path = removeDotSegments(normalisePercent(rawPath));
      if (path === undefined || path.includes("//")) return { kind: "not-found" };
      const lower = path.toLowerCase();
      // Only the portal's own addresses: anything else is a plain 404 further on.
      if (lower !== baseLower && !lower.startsWith(`${baseLower}/`)) return { kind: "ok" };
      const page = byLowerCase.get(lower) ?? (lower.length > 1 && lower.endsWith("/") ? byLowerCase.get(lower.slice(0, -1)) : undefined);
      if (lower === baseLower) path = BASE_URL;
      else if (page) path = page;
      // The base path in another case (before a static file or the API): the base path is written one way.
      else path = `${BASE_PATH}${path.slice(BASE_PATH.length)}`;
      const query = rawQuery === undefined ? "" : normaliseQuery(rawQuery);
      const canonical = `${path}${query}`;
      return canonical === target ? OK : { kind: "redirect", location: canonical };
    },
  };
  // The pages' own spellings, which the rules above leave as they are: answered without reading them
  // again (a page of text asked for as linked, with or without a clean query, is nearly every request).
  const canonicalPages = new Set([...pages.keys()].filter((address) => rules.check(address).kind === "ok"));
  return {
    check(target) {
      const at = target.indexOf("?");
      if (canonicalPages.has(at < 0 ? target : target.slice(0, at)) && (at < 0 || cleanQuery(target.slice(at + 1)))) return OK;
      return rules.check(target);
    },
  };
}
