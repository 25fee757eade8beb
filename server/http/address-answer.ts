import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { serverT } from "../../app/server-surface";
import type { AddressVerdict } from "./canonical-address";
import { requestLanguage } from "./language";
import { REQUEST_ID_HEADER, requestIdOf } from "../observability/request-id";

/**
 * The answer to a non-canonical address, before Express (nothing is rendered or cached for it): a 301
 * to the canonical address, or a short plain 400 / 404 in the visitor's language. One info line, no stack.
 */
export function answerAddress(req: IncomingMessage, res: ServerResponse, verdict: Exclude<AddressVerdict, { kind: "ok" }>, logger?: Logger): void {
  const path = (req.url ?? "").split("?")[0]?.slice(0, 200);
  if (verdict.kind === "redirect") {
    logger?.info({ req: { method: req.method, path }, res: { statusCode: 301 } }, "redirected to the canonical address");
    res.writeHead(301, { [REQUEST_ID_HEADER]: requestIdOf(req), Location: verdict.location, "Cache-Control": "public, max-age=3600", "Content-Length": "0" });
    res.end();
    return;
  }
  const status = verdict.kind === "bad" ? 400 : 404;
  logger?.info({ req: { method: req.method, path }, res: { statusCode: status } }, verdict.kind === "bad" ? "refused: the request target is not a path" : "refused: an address that names no resource");
  const lang = requestLanguage(undefined, req.headers);
  const body = `${serverT(lang, "errors", "server")(status === 400 ? "badRequest" : "notFound")}\n`;
  res.writeHead(status, {
    [REQUEST_ID_HEADER]: requestIdOf(req),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Language": lang,
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
