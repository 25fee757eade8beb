import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
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
import { pageHref, serverT, type Language } from "../../app/server-surface";
import { keyOwner, TRACE_ID_HEADER, traceDigest, type CheckedRequest, type RequestLog } from "./request-log";
import { sendTrace, sendTraceList, type TraceViewerOf } from "./request-trace-answer";
import { bearerKey, type SandboxApiKeys } from "./sandbox-api-keys";
import { markCheckNotStarted, type HeaderCheckQuotas, type SandboxClient } from "./sandbox-limits";
import { parseAsOf } from "./sandbox-as-of";

/** The fault catalogue's address for this request, in the answer's language: each Finding of a Fault links to its entry. */
export function catalogueFor(req: Request, lang: Language): string {
  return `${requestOrigin(req)}${pageHref("security-header-faults")}?lang=${lang}`;
}

/**
 * The largest request the sandbox reads: a realistic envelope, its Body included (the verifier reads
 * the Header and stops at the Body, so a large Body costs its transfer only).
 */
export const SANDBOX_MAX_BYTES = MAX_VERIFY_INPUT_BYTES;
// The sandbox's and the checker page's quotas: ./sandbox-limits.ts.
export { DEFAULT_HEADER_CHECK_QUOTAS, headerCheckLimiters, headerCheckQuotas } from "./sandbox-limits";

/** Seconds a client is asked to wait after the verification pool refused its check (SANDBOX_BUSY, SANDBOX_OVERLOADED). */
export const SANDBOX_BUSY_RETRY_AFTER_SECONDS = 1;

/** The request headers a test may send: judge the keys as of a date, and refuse on any warning. */
export const AS_OF_HEADER = "X-Areaoe-As-Of";
export const STRICT_HEADER = "X-Areaoe-Strict";

function sendXml(res: Response, status: number, xml: string): void {
  res.status(status).type("text/xml; charset=utf-8").setHeader("Cache-Control", "no-store");
  res.send(xml);
}

/** The language of the sandbox's texts: the request's (Accept-Language, else pt), never its codes. */
function faultLanguage(req: Request, res: Response): Language {
  const lang = responseLanguage(req, res);
  res.setHeader("Content-Language", lang);
  res.vary("Accept-Language");
  return lang;
}

/** `X-Areaoe-Strict: 1`, `true`, `yes` or `on` (any case); anything else leaves the key's setting. */
const strictAsked = (req: Request): boolean => /^(1|true|yes|on)$/i.test(String(req.get(STRICT_HEADER) ?? "").trim());

// The bench-only lift of the per-client limit is a setting (server/config/settings.ts, sandboxRateLimitLifted).
export { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE } from "../config/settings";

export interface SandboxRouterOptions {
  sandbox: HeaderSandbox;
  /** Checks with a trace id, the replay warning and the kept trace (server/sandbox/request-log.ts). */
  requestLog: RequestLog;
  logger: Logger;
  /** The sandbox's quotas (headerCheckLimiters(…).sandbox): the address's, or the key's. */
  limiter: readonly RequestHandler[];
  /** The figures of those quotas (the weights of the pool's turns, the WSDL's documentation). */
  quotas: HeaderCheckQuotas;
  /** The integrators' own keys (./sandbox-api-keys.ts); absent: no keys (sign-in is off). */
  apiKeys?: SandboxApiKeys;
  /** The keys whose traces the signed-in visitor of this request owns (server/auth: the session). */
  viewerOf?: TraceViewerOf;
  /** The deadline of the request body (server/http/body-deadline.ts); none in unit tests that omit it. */
  bodyDeadline?: RequestHandler;
  /** Spends one render of the client's budget for a page the router draws (the trace page); false: the 429 is sent. */
  spendRender?: (req: Request, res: Response) => Promise<boolean>;
}

/**
 * Mounted under the base path:
 * - GET /sandbox/test-certificate.pem and .cer: the local TEST certificate to configure software with;
 * - POST /sandbox/soap: a SOAP 1.1 endpoint that checks the request's security header and answers a
 *   Fault (HTTP 500) naming what is wrong, or a small success response (HTTP 200);
 * - GET /sandbox/soap?wsdl: its WSDL (SOAP 1.1, document/literal), with soap:address on the address the
 *   WSDL was fetched from, so that a SoapUI user can start a project from that URL;
 * - GET /sandbox/requests/{id}: a decoded trace; GET /sandbox/requests: a key's traces (JSON).
 * Each group of routes is registered by its own function below, in this order.
 */
export function sandboxRouter(options: SandboxRouterOptions): Router {
  const router = Router();
  keyRoutes(router, options.sandbox);
  traceRoutes(router, options);
  certificateRoutes(router, options.sandbox);
  soapRoute(router, options);
  router.use("/sandbox", soapBodyErrors);
  return router;
}

/** The key set as data (B's CLI and samples pick a key by date from it; see sandbox-keys.ts), and each key's certificate. */
function keyRoutes(router: Router, sandbox: HeaderSandbox): void {
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
      const text = serverT(faultLanguage(req, res), "security-header")("sandbox.noSuchKey", { keysPath: `${req.baseUrl}/sandbox/keys` });
      res.status(404).type("text/plain; charset=utf-8").send(`${text}\n`);
      return;
    }
    if (kind === "pem") res.type("application/x-pem-file").setHeader("Content-Disposition", `attachment; filename="areaoe-sandbox-${key.id}.pem"`).send(key.certificatePem);
    else res.type("application/pkix-cert").setHeader("Content-Disposition", `attachment; filename="areaoe-sandbox-${key.id}.cer"`).send(key.certificateDer);
  });
}

/** The local TEST certificate (the current key's), as PEM and as DER. */
function certificateRoutes(router: Router, sandbox: HeaderSandbox): void {
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
}

/** A trace opens with its key (Bearer), for its key's signed-in owner, or by its id when it was made without a key. */
function traceViewer(apiKeys: SandboxApiKeys | undefined, viewerOf: TraceViewerOf | undefined): TraceViewerOf {
  return async (req, res) => {
    const ids = new Set<string>();
    const presented = bearerKey(req.get("authorization"));
    if (presented && apiKeys) {
      const key = await apiKeys.resolve(presented);
      if (key) ids.add(key.id);
    }
    if (viewerOf) for (const id of (await viewerOf(req, res)).apiKeyIds) ids.add(id);
    return { apiKeyIds: ids };
  };
}

/** A request's decoded trace, and a key's list of its traces. */
function traceRoutes(router: Router, { requestLog, apiKeys, viewerOf, spendRender }: SandboxRouterOptions): void {
  const viewer = traceViewer(apiKeys, viewerOf);
  // A request's decoded trace (HTML or JSON: ./request-trace-answer.tsx), inside the client's render budget.
  router.get("/sandbox/requests/:id", async (req, res, next) => {
    try {
      if (spendRender && !(await spendRender(req, res))) return;
      await sendTrace(req, res, requestLog, viewer, (lang) => catalogueFor(req, lang));
    } catch (error) {
      next(error);
    }
  });
  // A key's own traces as JSON (Authorization: Bearer with the key), newest first, filtered, paged.
  router.get("/sandbox/requests", (req, res, next) => {
    sendTraceList(req, res, requestLog, apiKeys).catch(next);
  });
}

/** The SOAP endpoint: POST checks a header (the stages below, in order), GET ?wsdl is its WSDL, anything else a 405. */
function soapRoute(router: Router, options: SandboxRouterOptions): void {
  const { sandbox, limiter, quotas, apiKeys, bodyDeadline } = options;
  router
    .route("/sandbox/soap")
    .post(
      resolveClient(apiKeys, quotas.sandboxKeyPerMinute / quotas.sandboxPerMinute),
      ...limiter,
      refuseUnknownKey,
      requireSoapXml,
      requireChecker(sandbox),
      ...(bodyDeadline ? [bodyDeadline] : []),
      express.text({ type: "text/xml", limit: SANDBOX_MAX_BYTES }),
      checkHeader(options),
    )
    .get((req, res, next) => {
      if (!asksForWsdl(req)) return next();
      res.status(200).type("text/xml; charset=utf-8").setHeader("Cache-Control", "no-store");
      // The trusted origin the Host check matched, never the Host header or an unchecked protocol.
      res.send(sandboxWsdl(`${requestOrigin(req)}${req.baseUrl}${req.path}`, quotas));
    })
    .all((req, res) => {
      res.setHeader("Allow", "GET, POST");
      res.status(405).type("text/plain; charset=utf-8").send(`${serverT(faultLanguage(req, res), "security-header")("sandbox.methodNotAllowed")}\n`);
    });
}

/** The client of a request without a (live) key: its address, the anonymous tier. */
const anonymousClient = (req: Request): SandboxClient => ({ kind: "address", id: clientKey(req), strict: false, weight: 1 });

/**
 * The integrator's key a request carried (Authorization: Bearer): its quota, its traces. None: the
 * address (the anonymous tier). A Bearer that is no live key is refused after the address's quota
 * has counted it (guessing keys costs the guesser's own quota), with 401 and WWW-Authenticate.
 */
function resolveClient(apiKeys: SandboxApiKeys | undefined, keyWeight: number): RequestHandler {
  return (req, res, next) => {
    const presented = bearerKey(req.get("authorization"));
    if (presented === undefined || !apiKeys) {
      res.locals.sandboxClient = anonymousClient(req);
      return next();
    }
    apiKeys
      .resolve(presented ?? "")
      .then((key) => {
        res.locals.sandboxClient = key ? { kind: "key", id: keyOwner(key.id), apiKeyId: key.id, strict: key.strict, weight: keyWeight } : anonymousClient(req);
        if (!key) res.locals.unknownSandboxKey = true;
        next();
      })
      .catch(next);
  };
}

const refuseUnknownKey: RequestHandler = (req, res, next) => {
  if (!res.locals.unknownSandboxKey) return next();
  const lang = faultLanguage(req, res);
  res.setHeader("WWW-Authenticate", 'Bearer realm="areaOE sandbox", error="invalid_token"');
  sendXml(res, sandboxFaultStatus("SANDBOX_KEY_UNKNOWN"), clientFault(sandboxFaultText("SANDBOX_KEY_UNKNOWN", lang), "SANDBOX_KEY_UNKNOWN", catalogueFor(req, lang), lang));
};

// SOAP 1.1 travels as text/xml (SOAP 1.2's application/soap+xml is not what the authority speaks).
const requireSoapXml: RequestHandler = (req, res, next) => {
  if (!req.is("text/xml")) {
    const lang = faultLanguage(req, res);
    sendXml(res, sandboxFaultStatus("UNSUPPORTED_MEDIA_TYPE"), clientFault(sandboxFaultText("UNSUPPORTED_MEDIA_TYPE", lang), "UNSUPPORTED_MEDIA_TYPE", catalogueFor(req, lang), lang));
    return;
  }
  next();
};

/** Switched off at start (no implicit rejection in this runtime): said plainly, never a leaky check. */
function requireChecker(sandbox: HeaderSandbox): RequestHandler {
  return (req, res, next) => {
    if (!sandbox.checkerEnabled) {
      const lang = faultLanguage(req, res);
      sendXml(res, sandboxFaultStatus("SANDBOX_SWITCHED_OFF"), serverFault(sandboxFaultText("SANDBOX_SWITCHED_OFF", lang), "SANDBOX_SWITCHED_OFF", catalogueFor(req, lang), lang));
      return;
    }
    next();
  };
}

/** The check itself: the request's date and strictness, the pool's turn, then the answer (or the pool's refusal). */
function checkHeader({ sandbox, requestLog, logger, quotas }: SandboxRouterOptions): RequestHandler {
  return async (req, res, next) => {
    const body = typeof req.body === "string" ? req.body : "";
    const lang = faultLanguage(req, res);
    const client = res.locals.sandboxClient ?? anonymousClient(req);
    const asOf = parseAsOf(req.get(AS_OF_HEADER), sandbox.keySpan());
    if (asOf.status === "invalid") {
      const params = { given: asOf.given, from: asOf.from, until: asOf.until };
      sendXml(res, sandboxFaultStatus("AS_OF_INVALID"), clientFault(sandboxFaultText("AS_OF_INVALID", lang, params), "AS_OF_INVALID", catalogueFor(req, lang), lang, params));
      return;
    }
    const strict = client.strict || strictAsked(req);
    let checked: CheckedRequest;
    try {
      checked = await requestLog.check(body, {
        source: "sandbox",
        client: { id: client.id, ...(client.apiKeyId ? { apiKeyId: client.apiKeyId } : {}) },
        ...(asOf.status === "given" ? { asOf: asOf.date } : {}),
        strict,
        admission: { lane: "sandbox", client: client.id, weight: client.weight, quotaPerSecond: (client.kind === "key" ? quotas.sandboxKeyPerMinute : quotas.sandboxPerMinute) / 60 },
      });
    } catch (error) {
      if (!(error instanceof VerificationBusyError)) return next(error);
      answerNotStarted(req, res, lang, error, quotas);
      return;
    }
    answerChecked(req, res, { lang, client, strict, checked, logger });
  };
}

/**
 * The pool did not start the check (its room full, the budget of all clients spent, busy workers):
 * said as a Fault with Retry-After, and not counted against the client's quota.
 */
function answerNotStarted(req: Request, res: Response, lang: Language, error: VerificationBusyError, quotas: HeaderCheckQuotas): void {
  markCheckNotStarted(res);
  markQuietRefusal(res);
  markExpectedFault(res);
  res.setHeader("Retry-After", String(SANDBOX_BUSY_RETRY_AFTER_SECONDS));
  const code = error.reason === "budget" ? "SANDBOX_OVERLOADED" : "SANDBOX_BUSY";
  const params: Record<string, number> = code === "SANDBOX_OVERLOADED" ? { limit: quotas.allClientsPerSecond, seconds: SANDBOX_BUSY_RETRY_AFTER_SECONDS } : {};
  sendXml(res, sandboxFaultStatus(code), serverFault(sandboxFaultText(code, lang, params), code, catalogueFor(req, lang), lang, params));
}

/** A checked header's answer: a Client fault (unreadable), a security Fault (refused), or the accepted response; each with its trace. */
function answerChecked(req: Request, res: Response, { lang, client, strict, checked, logger }: { lang: Language; client: SandboxClient; strict: boolean; checked: CheckedRequest; logger: Logger }): void {
  const { traceId, result } = checked;
  res.setHeader(TRACE_ID_HEADER, traceId);
  const trace = { id: traceId, href: `${requestOrigin(req)}${req.baseUrl}/sandbox/requests/${traceId}?lang=${lang}` };
  const catalogue = catalogueFor(req, lang);
  // A finding whose record answers a Client fault (the request could not be read at all: HTTP 400).
  const unreadable = result.findings.find(isUnreadableFinding);
  if (unreadable) {
    sendXml(res, sandboxAnswerFor(unreadable.code)?.httpStatus ?? 400, clientFault(findingSentence(unreadable, lang), unreadable.code, catalogue, lang, unreadable.params, trace));
    return;
  }
  const codes = result.findings.map((finding) => finding.code);
  // The trace's id is never logged (it opens the trace): a short digest names it.
  const logged = { sandbox: "soap", findings: codes, trace: traceDigest(traceId), ...(client.apiKeyId ? { apiKey: client.apiKeyId } : {}), ...(strict ? { strict } : {}) };
  if (!result.ok) {
    logger.info({ ...logged, accepted: false }, "sandbox: header refused");
    // SOAP 1.1 sends a Fault with HTTP 500, but a refused header is the sandbox doing its job.
    markExpectedFault(res);
    sendXml(res, 500, securityFault(result.findings, catalogue, lang, trace));
    return;
  }
  logger.info({ ...logged, accepted: true, form: result.form }, "sandbox: header accepted");
  sendXml(res, 200, acceptedResponse(result, lang, catalogue, trace));
}

/** A body over the limit or unreadable as text: answer as SOAP, never a 500 with a stack. */
function soapBodyErrors(error: { status?: number; type?: string }, req: Request, res: Response, next: NextFunction): void {
  // Already answered (the body deadline's 408): the parser's late "aborted" needs nothing more.
  if (res.headersSent) return;
  const lang = faultLanguage(req, res);
  if (error.type === "entity.too.large") {
    const limit = { kilobytes: SANDBOX_MAX_BYTES / 1024, maxBytes: SANDBOX_MAX_BYTES };
    sendXml(res, sandboxFaultStatus("TOO_LARGE"), clientFault(sandboxFaultText("TOO_LARGE", lang, limit), "TOO_LARGE", catalogueFor(req, lang), lang, limit));
    return;
  }
  if (typeof error.status === "number" && error.status >= 400 && error.status < 500) {
    sendXml(res, error.status, clientFault(sandboxFaultText("UNREADABLE_BODY", lang), "UNREADABLE_BODY", catalogueFor(req, lang), lang));
    return;
  }
  next(error);
}
