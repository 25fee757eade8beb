import { isRouteErrorResponse } from "react-router";

/** The few log methods the render needs (pino's, given by the server at start). */
export interface ServerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

// Until the server gives its logger (tests, a bare build), one JSON line on stderr per record.
const stderrLog = (level: string): ((fields: object, message: string) => void) => (fields, message) => {
  process.stderr.write(`${JSON.stringify({ level, msg: message, ...fields })}\n`);
};
let log: ServerLog = { info: stderrLog("info"), warn: stderrLog("warn"), error: stderrLog("error") };

/** The server's structured logger, for the errors React Router and the render report. */
export function setServerLog(logger: ServerLog): void {
  log = logger;
}

/**
 * An error React Router or the render reports, as one log record: a refusal it answers with a 4xx
 * (no route, a method without an action, a bad request) is info, without a stack; a request the
 * visitor abandoned is info; anything else is an error, with its stack inside the one JSON line.
 */
export function reportServerError(error: unknown, request?: Request): void {
  const path = request ? new URL(request.url).pathname.slice(0, 200) : undefined;
  if (request?.signal.aborted) {
    log.info({ req: { method: request.method, path } }, "render abandoned: the visitor left");
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ req: { method: request?.method, path }, res: { statusCode: error.status } }, `refused by the router: ${error.statusText || error.status}`);
    return;
  }
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  log.error({ err: { name, message, stack }, req: { method: request?.method, path } }, "render error");
}
