import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { REQUEST_ID_HEADER, requestIdOf } from "../observability/request-id";

// One trusted origin per request. The Host header is the visitor's to write: it must not choose the
// page's origin (absolute links), the sign-in redirect_uri or the page-cache key, or a stranger could
// fill the cache with one render per made-up Host (each skipping the render limit) and put their own
// host in a page. So every request is matched, before the page cache and Express, against the
// configured public origins; the origin used downstream is the configured one, never the header.

type Trust = (address: string | undefined, hop: number) => boolean;

export interface TrustedOriginsOptions {
  /** The configured public origins (config `publicOrigins`, normalised by the schema). */
  publicOrigins: readonly string[];
  /** The listening port: with no public origin, only the loopback names on it are answered. */
  port: number;
  /** Express's compiled "trust proxy": X-Forwarded-Host counts only from a trusted proxy. */
  trust: Trust;
  /** The request's protocol as Express sees it (server/http/request-protocol.ts). */
  protocolOf: (req: IncomingMessage) => string;
  logger?: Logger;
}

export type HostVerdict = { ok: true; origin: string } | { ok: false; status: 400 | 421 };

/** A Host: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** The origin a request was matched to, on the request itself (a WeakMap entry per request cost more). */
const MATCHED = Symbol("areaoe.matchedOrigin");
type Matched = IncomingMessage & { [MATCHED]?: string };

/** The origin this request was matched to (set by the Host check that runs first). */
export function requestOrigin(req: IncomingMessage): string {
  const origin = (req as Matched)[MATCHED];
  // Never reached through createPortal (the check runs before anything else); a bug if it is.
  if (!origin) throw new Error("requestOrigin: the request did not pass the Host check");
  return origin;
}

/**
 * Whether the visitor reaches the portal over HTTPS: the scheme of the origin the request was matched
 * to. Every response decides HSTS, the cookies' Secure attribute and their `__Host-` prefix from this
 * one answer, so the page cache's early answer and the Express path never disagree.
 */
export function isSecureOrigin(req: IncomingMessage): boolean {
  return requestOrigin(req).startsWith("https:");
}

/** host[:port] as the browser sends it for an origin (default ports dropped, lower case). */
function hostOf(origin: URL): string {
  return origin.host.toLowerCase();
}

export interface TrustedOrigins {
  /** The verdict for a request, and (when accepted) remembers its origin for requestOrigin(). */
  check(req: IncomingMessage): HostVerdict;
  /** What is answered, for the start log. */
  readonly accepted: readonly string[];
  readonly configured: boolean;
}

export function trustedOrigins({ publicOrigins, port, trust, protocolOf }: TrustedOriginsOptions): TrustedOrigins {
  const configured = publicOrigins.length > 0;
  // host → origins for that host (an operator may list http:// and https:// of one name).
  const urlsByHost = new Map<string, URL[]>();
  const add = (url: URL) => urlsByHost.set(hostOf(url), [...(urlsByHost.get(hostOf(url)) ?? []), url]);
  if (configured) {
    for (const origin of publicOrigins) add(new URL(origin));
  } else {
    for (const name of LOOPBACK_NAMES) add(new URL(`http://${name}:${port}`));
  }
  // Each host's verdict for each protocol the request can have (protocolReader reads only these two),
  // made once: the configured scheme wins; with both listed for one host, the request's own protocol
  // picks. With none configured, the loopback name on the request's own protocol.
  const PROTOCOLS = ["http", "https"] as const;
  const byHost = new Map<string, Record<string, { ok: true; origin: string }>>();
  for (const [host, urls] of urlsByHost) {
    const first = urls[0] as URL;
    const origin = (protocol: string) => (configured ? (urls.find((url) => url.protocol === `${protocol}:`) ?? first).origin : `${protocol}://${first.host}`);
    byHost.set(host, Object.fromEntries(PROTOCOLS.map((protocol) => [protocol, Object.freeze({ ok: true as const, origin: origin(protocol) })])));
  }

  const hostHeader = (req: IncomingMessage): string | undefined => {
    if (trust(req.socket.remoteAddress, 0)) {
      const forwarded = req.headers["x-forwarded-host"];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
      if (first) return first;
    }
    return req.headers.host;
  };

  return {
    configured,
    accepted: [...urlsByHost.values()].flat().map((url) => url.origin),
    check(req) {
      const host = hostHeader(req);
      // A configured host is well formed: only a Host that is none of them needs its syntax read (400 or 421).
      const verdicts = host === undefined || host.length > 300 ? undefined : byHost.get(host.toLowerCase());
      if (!verdicts) {
        const syntax = host === undefined || host.length > 300 ? null : HOST.exec(host);
        return !syntax || Number(syntax[1] ?? 0) > 65_535 ? { ok: false, status: 400 } : { ok: false, status: 421 };
      }
      const verdict = verdicts[protocolOf(req)] ?? (verdicts.http as { ok: true; origin: string });
      (req as Matched)[MATCHED] = verdict.origin;
      return verdict;
    },
  };
}

const REFUSED: Record<400 | 421, string> = {
  400: "The Host header of this request is malformed.\n",
  421: "This server does not answer for that host name.\n",
};

/**
 * The Host check, first in the request listener: true when the request may go on; otherwise it has
 * been answered (421 for a Host that is not a public origin, 400 for a malformed or missing one),
 * with one info line (a refusal is the server doing its job, not a fault) and no stack. The health
 * endpoint is exempt: it renders nothing and load balancers probe it by an internal address.
 */
export function hostGuard(origins: TrustedOrigins, { logger, exempt }: { logger?: Logger; exempt?: (req: IncomingMessage) => boolean }) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req as Matched)[MATCHED] !== undefined) return true;
    const verdict = origins.check(req);
    if (verdict.ok) return true;
    if (exempt?.(req)) {
      (req as Matched)[MATCHED] = origins.accepted[0] as string;
      return true;
    }
    const host = req.headers.host;
    logger?.info(
      { req: { method: req.method, path: (req.url ?? "").split("?")[0]?.slice(0, 200) }, host: host?.slice(0, 100), res: { statusCode: verdict.status } },
      verdict.status === 421 ? "refused: the Host is not a public origin of the portal" : "refused: malformed Host",
    );
    res.writeHead(verdict.status, {
      [REQUEST_ID_HEADER]: requestIdOf(req),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      Connection: "close",
    });
    res.end(REFUSED[verdict.status]);
    return false;
  };
}

/** The start log's warning when no public origin is configured. */
export function originsWarning(origins: TrustedOrigins): string | undefined {
  if (origins.configured) return undefined;
  return `no public origin is configured (publicOrigins / AREAOE_PUBLIC_ORIGIN): only ${origins.accepted.join(", ")} are answered, any other Host gets 421. Set AREAOE_PUBLIC_ORIGIN=https://<the portal's host> in a deployment.`;
}
