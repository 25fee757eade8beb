import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

type Trust = (address: string | undefined, hop: number) => boolean;

/**
 * The protocol of a raw request as Express's `req.protocol` reads it (X-Forwarded-Proto only from a
 * trusted proxy, its first value), for code that answers before Express; `trust` is the app's
 * compiled "trust proxy fn".
 */
export function protocolReader(trust: Trust): (req: IncomingMessage) => string {
  return (req) => {
    const own = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
    if (!trust(req.socket.remoteAddress, 0)) return own;
    const forwarded = req.headers["x-forwarded-proto"];
    const header = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded) || own;
    const comma = header.indexOf(",");
    const first = (comma === -1 ? header : header.slice(0, comma)).trim().toLowerCase();
    // Only http or https: anything else (`a b`, `https:`) is the socket's own protocol.
    return first === "http" || first === "https" ? first : own;
  };
}

/**
 * Rewrites a trusted proxy's X-Forwarded-Proto to what protocolReader read (or removes it when the
 * peer is not trusted), so that Express's `req.protocol` and React Router's adapter, which read the
 * header themselves, see only `http` or `https` (any other value made every page a 500).
 */
export function normaliseForwardedProto(req: IncomingMessage, protocolOf: (req: IncomingMessage) => string): void {
  if (req.headers["x-forwarded-proto"] === undefined) return;
  req.headers["x-forwarded-proto"] = protocolOf(req);
}
