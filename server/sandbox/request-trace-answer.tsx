import type { Request, Response } from "express";
import Negotiator from "negotiator";
import { responseLanguage } from "../http/language";
import { sendServerPage } from "../http/server-page";
import { sendPlainErrorPage } from "../http/plain-error-page";
import { SharedStateUnavailable } from "../shared-state/shared-state";
import type { RequestLog } from "./request-log";
import { RequestTracePage, TraceNotFoundPage } from "./request-trace-page";

/** What a trace answer says to caches and crawlers: a capability address, never kept or indexed. */
function privateAnswer(res: Response): void {
  res.setHeader("X-Robots-Tag", "noindex");
  res.setHeader("Vary", "Accept, Accept-Language, Cookie");
}

/**
 * GET /sandbox/requests/{id}: the decoded trace of a sandbox request or checker run, as HTML (the
 * portal's frame, in the negotiated language) or, for `Accept: application/json`, as JSON (the stored
 * record: codes and values, no texts). An unknown, expired or malformed id is a 404 (a page or JSON),
 * never a 500; `Cache-Control: no-store` and `X-Robots-Tag: noindex` on every answer.
 */
export async function sendTrace(req: Request, res: Response, log: RequestLog, catalogue: string): Promise<void> {
  privateAnswer(res);
  const wantsJson = new Negotiator(req).mediaType(["text/html", "application/json"]) === "application/json";
  const id = typeof req.params.id === "string" ? req.params.id : "";
  let trace;
  try {
    trace = await log.read(id);
  } catch (error) {
    // Redis does not answer: a 503 that says so (the trace may be there), never a 500.
    if (!(error instanceof SharedStateUnavailable)) throw error;
    res.setHeader("Retry-After", "5");
    if (wantsJson) res.status(503).setHeader("Cache-Control", "no-store").json({ error: "unavailable", message: "The trace store does not answer; try again in a few seconds." });
    else sendPlainErrorPage(req, res, 503);
    return;
  }
  if (wantsJson) {
    res.setHeader("Cache-Control", "no-store");
    if (!trace) {
      res.status(404).json({ error: "not-found", message: "No trace has this id: it is unknown, malformed, or older than 24 hours." });
      return;
    }
    // Each finding with its catalogue entry's absolute address, as the SOAP Fault's detail gives it.
    res.status(200).json({ ...trace, findings: trace.findings.map((finding) => ({ ...finding, catalogue: `${catalogue}#${finding.code}` })) });
    return;
  }
  const lang = responseLanguage(req, res);
  if (!trace) {
    sendServerPage(req, res, 404, <TraceNotFoundPage lang={lang} />);
    return;
  }
  sendServerPage(req, res, 200, <RequestTracePage lang={lang} trace={trace} catalogue={catalogue} />);
}
