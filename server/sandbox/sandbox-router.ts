import express, { Router, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header/node";
import type { HeaderSandbox } from "./header-sandbox";
import { markExpectedFault } from "../http/expected-fault";
import { clientKey, markQuietRefusal } from "../http/client-budget";
import { acceptedResponse, clientFault, findingSentence, isUnreadableFinding, sandboxAnswerFor, sandboxFaultStatus, sandboxFaultText, securityFault, serverFault } from "./soap-response";
import { VerificationBusyError } from "./verification-pool";
import { responseLanguage } from "../http/language";
import { asksForWsdl, sandboxWsdl } from "./sandbox-wsdl";
import { requestOrigin } from "../http/trusted-origin";
import { pageHref } from "../../app/server-surface";
import { TRACE_ID_HEADER, type RequestLog } from "./request-log";
import { sendTrace } from "./request-trace-answer";

/** The fault catalogue's address for this request: each Finding of a Fault links to its entry. */
function catalogueFor(req: express.Request): string {
  return `${requestOrigin(req)}${pageHref("security-header-faults")}`;
}

/** The largest request the sandbox and the checker read (a SOAP envelope with a header is ~1–2 KB). */
export const SANDBOX_MAX_BYTES = MAX_VERIFY_INPUT_BYTES;
// The sandbox's and the checker page's quotas, and the budget of all clients: ./sandbox-limits.ts.
export { DEFAULT_HEADER_CHECK_QUOTAS, headerCheckLimiters, headerCheckQuotas } from "./sandbox-limits";

/** Seconds a client is asked to wait after the verification pool refused its check (SANDBOX_BUSY). */
export const SANDBOX_BUSY_RETRY_AFTER_SECONDS = 1;

function sendXml(res: Response, status: number, xml: string): void {
  res.status(status).type("text/xml; charset=utf-8").setHeader("Cache-Control", "no-store");
  res.send(xml);
}

/** The language of the sandbox's texts: the request's (Accept-Language, else pt), never its codes. */
function faultLanguage(req: express.Request, res: Response) {
  const lang = responseLanguage(req, res);
  res.setHeader("Content-Language", lang);
  res.vary("Accept-Language");
  return lang;
}

// The bench-only lift of the per-client limit is a setting (server/config/settings.ts, sandboxRateLimitLifted).
export { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE } from "../config/settings";

export interface SandboxRouterOptions {
  sandbox: HeaderSandbox;
  /** Checks with a trace id, the replay warning and the kept trace (server/sandbox/request-log.ts). */
  requestLog: RequestLog;
  logger: Logger;
  /** The sandbox's limiters (headerCheckLimiters(…).sandbox): its own quota, then the budget of all clients. */
  limiter: readonly RequestHandler[];
  /** The deadline of the request body (server/http/body-deadline.ts); none in unit tests that omit it. */
  bodyDeadline?: RequestHandler;
}

/**
 * Mounted under the base path:
 * - GET /sandbox/test-certificate.pem and .cer: the local TEST certificate to configure software with;
 * - POST /sandbox/soap: a SOAP 1.1 endpoint that checks the request's security header and answers a
 *   Fault (HTTP 500) naming what is wrong, or a small success response (HTTP 200);
 * - GET /sandbox/soap?wsdl: its WSDL (SOAP 1.1, document/literal), with soap:address on the address the
 *   WSDL was fetched from, so that a SoapUI user can start a project from that URL.
 */
export function sandboxRouter({ sandbox, requestLog, logger, limiter, bodyDeadline }: SandboxRouterOptions): Router {
  const router = Router();
  // The key set as data (B's CLI and samples pick a key by date from it): see sandbox-keys.ts.
  router.get("/sandbox/keys", (req, res) => {
    const now = sandbox.now();
    const base = `${requestOrigin(req)}${req.baseUrl}/sandbox/keys`;
    res.setHeader("Cache-Control", "no-cache");
    res.json({
      now: now.toISOString(),
      keys: sandbox.keys(now).map((key) => ({
        id: key.id,
        status: key.status,
        validFrom: key.validFrom.toISOString(),
        validUntil: key.validUntil.toISOString(),
        fingerprintSha256: key.fingerprintSha256,
        certificatePem: `${base}/${key.id}.pem`,
        certificateDer: `${base}/${key.id}.cer`,
      })),
    });
  });
  router.get(/^\/sandbox\/keys\/(\d{4}-\d{2}-\d{2}-[0-9a-f]{8})\.(pem|cer)$/, (req, res) => {
    const [id, kind] = [req.params[0], req.params[1]];
    const key = sandbox.keys().find((candidate) => candidate.id === id);
    res.setHeader("Cache-Control", "no-cache");
    if (!key) {
      res.status(404).type("text/plain; charset=utf-8").send("No sandbox key has this id (GET /areaOE/sandbox/keys lists them).\n");
      return;
    }
    if (kind === "pem") res.type("application/x-pem-file").setHeader("Content-Disposition", `attachment; filename="areaoe-sandbox-${key.id}.pem"`).send(key.certificatePem);
    else res.type("application/pkix-cert").setHeader("Content-Disposition", `attachment; filename="areaoe-sandbox-${key.id}.cer"`).send(key.certificateDer);
  });
  // A request's decoded trace, by its id alone (HTML or JSON: server/sandbox/request-trace-answer.ts).
  router.get("/sandbox/requests/:id", (req, res, next) => {
    sendTrace(req, res, requestLog, catalogueFor(req)).catch(next);
  });
  router.get("/sandbox/test-certificate.pem", (_req, res) => {
    res.type("application/x-pem-file").setHeader("Content-Disposition", 'attachment; filename="areaoe-test-certificate.pem"');
    res.setHeader("Cache-Control", "no-cache");
    res.send(sandbox.certificatePem);
  });
  router.get("/sandbox/test-certificate.cer", (_req, res) => {
    res.type("application/pkix-cert").setHeader("Content-Disposition", 'attachment; filename="areaoe-test-certificate.cer"');
    res.setHeader("Cache-Control", "no-cache");
    res.send(sandbox.certificateDer);
  });

  router
    .route("/sandbox/soap")
    .post(
      ...limiter,
      (req, res, next) => {
        // SOAP 1.1 travels as text/xml (SOAP 1.2's application/soap+xml is not what the authority speaks).
        if (!req.is("text/xml")) {
          const lang = faultLanguage(req, res);
          sendXml(res, sandboxFaultStatus("UNSUPPORTED_MEDIA_TYPE"), clientFault(sandboxFaultText("UNSUPPORTED_MEDIA_TYPE", lang), "UNSUPPORTED_MEDIA_TYPE", catalogueFor(req), lang));
          return;
        }
        next();
      },
      (req, res, next) => {
        // Switched off at start (no implicit rejection in this runtime): said plainly, never a leaky check.
        if (!sandbox.checkerEnabled) {
          const lang = faultLanguage(req, res);
          sendXml(res, sandboxFaultStatus("SANDBOX_SWITCHED_OFF"), serverFault(sandboxFaultText("SANDBOX_SWITCHED_OFF", lang), "SANDBOX_SWITCHED_OFF", catalogueFor(req), lang));
          return;
        }
        next();
      },
      ...(bodyDeadline ? [bodyDeadline] : []),
      express.text({ type: "text/xml", limit: SANDBOX_MAX_BYTES }),
      async (req, res, next) => {
        const body = typeof req.body === "string" ? req.body : "";
        const lang = faultLanguage(req, res);
        let checked;
        try {
          checked = await requestLog.check(body, { source: "sandbox", client: clientKey(req) });
        } catch (error) {
          if (!(error instanceof VerificationBusyError)) return next(error);
          // The pool (workers and queue, for all clients together) is full or out of time: try again soon.
          markQuietRefusal(res);
          markExpectedFault(res);
          res.setHeader("Retry-After", String(SANDBOX_BUSY_RETRY_AFTER_SECONDS));
          sendXml(res, sandboxFaultStatus("SANDBOX_BUSY"), serverFault(sandboxFaultText("SANDBOX_BUSY", lang), "SANDBOX_BUSY", catalogueFor(req), lang));
          return;
        }
        const { traceId, result } = checked;
        res.setHeader(TRACE_ID_HEADER, traceId);
        const trace = { id: traceId, href: `${requestOrigin(req)}${req.baseUrl}/sandbox/requests/${traceId}` };
        // A finding whose record answers a Client fault (the request could not be read at all: HTTP 400).
        const unreadable = result.findings.find(isUnreadableFinding);
        if (unreadable) {
          sendXml(res, sandboxAnswerFor(unreadable.code)?.httpStatus ?? 400, clientFault(findingSentence(unreadable, lang), unreadable.code, catalogueFor(req), lang, unreadable.params, trace));
          return;
        }
        const codes = result.findings.map((finding) => finding.code);
        if (!result.ok) {
          logger.info({ sandbox: "soap", accepted: false, findings: codes, traceId }, "sandbox: header refused");
          // SOAP 1.1 sends a Fault with HTTP 500, but a refused header is the sandbox doing its job.
          markExpectedFault(res);
          sendXml(res, 500, securityFault(result.findings, catalogueFor(req), lang, trace));
          return;
        }
        logger.info({ sandbox: "soap", accepted: true, form: result.form, findings: codes, traceId }, "sandbox: header accepted");
        sendXml(res, 200, acceptedResponse(result, lang, catalogueFor(req), trace));
      },
    )
    .get((req, res, next) => {
      if (!asksForWsdl(req)) return next();
      res.status(200).type("text/xml; charset=utf-8").setHeader("Cache-Control", "no-store");
      // The trusted origin the Host check matched, never the Host header or an unchecked protocol.
      res.send(sandboxWsdl(`${requestOrigin(req)}${req.baseUrl}${req.path}`));
    })
    .all((_req, res) => {
      res.setHeader("Allow", "GET, POST");
      res.status(405).type("text/plain; charset=utf-8").send("The sandbox takes POST with a SOAP 1.1 request (text/xml), and GET ?wsdl for its WSDL.\n");
    });

  // A body over the limit or unreadable as text: answer as SOAP, never a 500 with a stack.
  router.use("/sandbox", (error: { status?: number; type?: string }, req: express.Request, res: Response, next: express.NextFunction) => {
    // Already answered (the body deadline's 408): the parser's late "aborted" needs nothing more.
    if (res.headersSent) return;
    const lang = faultLanguage(req, res);
    if (error.type === "entity.too.large") {
      const limit = { kilobytes: SANDBOX_MAX_BYTES / 1024, maxBytes: SANDBOX_MAX_BYTES };
      sendXml(res, sandboxFaultStatus("TOO_LARGE"), clientFault(sandboxFaultText("TOO_LARGE", lang, limit), "TOO_LARGE", catalogueFor(req), lang, limit));
      return;
    }
    if (typeof error.status === "number" && error.status >= 400 && error.status < 500) {
      sendXml(res, error.status, clientFault(sandboxFaultText("UNREADABLE_BODY", lang), "UNREADABLE_BODY", catalogueFor(req), lang));
      return;
    }
    next(error);
  });
  return router;
}
