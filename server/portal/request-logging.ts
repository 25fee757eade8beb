import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import { isQuietRefusal } from "../http/client-budget";
import { isExpectedFault } from "../http/expected-fault";
import { isHealthCheck } from "./front-door";

/** A 5xx the server chose to send (no error thrown): pino-http made up the Error it would log. */
const isAnswer = (res: ServerResponse, error: Error) =>
  (isExpectedFault(res) || res.statusCode === 503) && error.message.startsWith("failed with status code");

/** The Express app's first stage: one log line per request (the path only), at the level its answer deserves. */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    autoLogging: { ignore: isHealthCheck },
    // A 503 is an overload (a render ran out of time) or an unreachable provider, not a fault; a
    // SOAP Fault's 500 is the sandbox refusing a header (server/http/expected-fault.ts).
    // A spent budget (429) is logged once per client per window by its own line (client-budget.ts).
    customLogLevel: (_req, res, error) =>
      isQuietRefusal(res)
        ? "silent"
        : res.statusCode === 503
          ? "warn"
          : isExpectedFault(res)
            ? "info"
            : error || res.statusCode >= 500
              ? "error"
              : "info",
    customSuccessMessage: (_req, res) => (res.statusCode === 503 ? "overloaded: answered 503 with Retry-After" : "request completed"),
    // pino-http logs every 5xx with an Error ("failed with status code …", a stack): for a 5xx that
    // is an answer (a SOAP Fault, an overload), only the response, and the success message.
    customErrorObject: (_req, res, error, value) =>
      isAnswer(res, error) ? { res: (value as { res: unknown }).res, responseTime: (value as { responseTime: unknown }).responseTime } : value,
    customErrorMessage: (_req, res, error) =>
      !isAnswer(res, error) ? "request errored" : res.statusCode === 503 ? "overloaded: answered 503 with Retry-After" : "request completed",
    serializers: {
      // Only the path: query strings may carry personal data.
      req: (req: { method: string; url: string; id: unknown }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split("?")[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
