import type { Request, Response } from "express";
import Negotiator from "negotiator";
import { isLanguage, LANGUAGE_QUERY, type Language } from "../../app/server-surface";
import { responseLanguage } from "../http/language";
import { requestOrigin } from "../http/trusted-origin";
import { sendServerPage } from "../http/server-page";
import { sendPlainErrorPage } from "../http/plain-error-page";
import { SharedStateUnavailable } from "../shared-state/shared-state";
import type { RequestLog, TraceListFilter, TraceViewer } from "./request-log";
import { bearerKey, type SandboxApiKeys } from "./sandbox-api-keys";
import { RequestTracePage, TraceNotFoundPage } from "./request-trace-page";

/** The keys whose traces the asker may open (the key sent, and the signed-in owner's keys). */
export type TraceViewerOf = (req: Request, res: Response) => Promise<TraceViewer>;

/** What a trace answer says to caches and crawlers: private to whoever holds the id or the key, never kept or indexed. */
function privateAnswer(res: Response): void {
  res.setHeader("X-Robots-Tag", "noindex");
  res.setHeader("Vary", "Accept, Accept-Language, Cookie, Authorization");
  res.setHeader("Cache-Control", "no-store");
}

const NOT_FOUND_MESSAGES = {
  unknown: "No trace has this id (or it is not yours: a trace made with a sandbox key opens only with that key or for its owner).",
  expired: "This trace is older than 24 hours: a trace is kept for a day.",
  replaced: "This trace is no longer kept: newer traces of the same client (its sandbox key, or its address) replaced it before its 24 hours, as the store keeps a bounded number of bytes per client and in all.",
} as const;

/** The language the asker chose by the address (`?lang=`), kept in the page's links (for a client without cookies). */
export function chosenLanguage(req: Request): Language | undefined {
  const lang = req.query[LANGUAGE_QUERY];
  return isLanguage(lang) ? lang : undefined;
}

/**
 * GET /sandbox/requests/{id}: the decoded trace of a sandbox request or checker run, as HTML (the
 * portal's frame, in the negotiated language) or, for `Accept: application/json`, as JSON (the stored
 * record: codes and values, no texts). A trace made with a sandbox key opens only with that key or for
 * its signed-in owner; to anyone else it is unknown. An unknown, expired, replaced or malformed id is a
 * 404 (a page or JSON) that says which, never a 500; `Cache-Control: no-store` and `X-Robots-Tag: noindex`.
 */
export async function sendTrace(req: Request, res: Response, log: RequestLog, viewerOf: TraceViewerOf, catalogue: (lang: Language) => string): Promise<void> {
  privateAnswer(res);
  const wantsJson = new Negotiator(req).mediaType(["text/html", "application/json"]) === "application/json";
  const id = typeof req.params.id === "string" ? req.params.id : "";
  let lookup;
  try {
    lookup = await log.read(id, await viewerOf(req, res));
  } catch (error) {
    // Redis does not answer: a 503 that says so (the trace may be there), never a 500.
    if (!(error instanceof SharedStateUnavailable)) throw error;
    res.setHeader("Retry-After", "5");
    if (wantsJson) res.status(503).json({ error: "unavailable", message: "The trace store does not answer; try again in a few seconds." });
    else sendPlainErrorPage(req, res, 503);
    return;
  }
  const lang = responseLanguage(req, res);
  if (wantsJson) {
    if (lookup.status !== "found") {
      res.status(404).json({ error: lookup.status === "unknown" ? "not-found" : lookup.status, message: NOT_FOUND_MESSAGES[lookup.status] });
      return;
    }
    // Each finding with its catalogue entry's absolute address, as the SOAP Fault's detail gives it.
    const { trace } = lookup;
    res.status(200).json({ ...trace, findings: trace.findings.map((finding) => ({ ...finding, catalogue: `${catalogue(lang)}#${finding.code}` })) });
    return;
  }
  const keep = chosenLanguage(req);
  if (lookup.status !== "found") {
    sendServerPage(req, res, 404, <TraceNotFoundPage lang={lang} reason={lookup.status} keepLanguage={keep} bounds={log.bounds} />);
    return;
  }
  sendServerPage(req, res, 200, <RequestTracePage lang={lang} trace={lookup.trace} keepLanguage={keep} />);
}

const VERDICTS = new Set(["accepted", "refused"]);
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The list's filter and page from the query: unknown values are refused (400), never ignored silently. */
export function traceListQuery(query: Request["query"]): { filter: TraceListFilter; page: number } | { problem: string } {
  const one = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const verdict = one("verdict");
  const code = one("code");
  const page = one("page");
  if (verdict !== undefined && !VERDICTS.has(verdict)) return { problem: "verdict must be accepted or refused" };
  if (code !== undefined && !CODE.test(code)) return { problem: "code must be a finding code, such as EXPIRED" };
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) return { problem: "page must be a whole number from 1" };
  return { filter: { ...(verdict ? { verdict: verdict as "accepted" | "refused" } : {}), ...(code ? { code } : {}) }, page: page ? Number(page) : 1 };
}

/**
 * GET /sandbox/requests: the traces of the sandbox key the request carries (Authorization: Bearer),
 * newest first, filtered by `verdict` (accepted, refused) and `code`, 25 a page (`page`), as JSON; each
 * with its address. Without a live key: 401 with WWW-Authenticate.
 */
export async function sendTraceList(req: Request, res: Response, log: RequestLog, apiKeys: SandboxApiKeys | undefined): Promise<void> {
  privateAnswer(res);
  const presented = bearerKey(req.get("authorization"));
  let key;
  try {
    key = presented && apiKeys ? await apiKeys.resolve(presented) : undefined;
  } catch (error) {
    if (!(error instanceof SharedStateUnavailable)) throw error;
    res.setHeader("Retry-After", "5");
    res.status(503).json({ error: "unavailable", message: "The key store does not answer; try again in a few seconds." });
    return;
  }
  if (!key) {
    res.setHeader("WWW-Authenticate", `Bearer realm="areaOE sandbox"${presented ? ', error="invalid_token"' : ""}`);
    res.status(401).json({ error: "unauthorized", message: "Send your sandbox key as Authorization: Bearer aoe_sbx_… (the keys page makes one); the traces made without a key are not listed." });
    return;
  }
  const query = traceListQuery(req.query);
  if ("problem" in query) {
    res.status(400).json({ error: "bad-query", message: query.problem });
    return;
  }
  const listed = await log.list(key.id, query.filter, query.page);
  res.status(200).json({
    key: key.id,
    filter: query.filter,
    page: listed.page,
    pages: listed.pages,
    pageSize: listed.pageSize,
    total: listed.total,
    requests: listed.entries.map((entry) => ({
      id: entry.id,
      receivedAt: entry.receivedAt,
      source: entry.source,
      verdict: entry.ok ? "accepted" : "refused",
      codes: entry.codes,
      address: `${requestOrigin(req)}${req.baseUrl}/sandbox/requests/${entry.id}`,
    })),
  });
}
