import { pino, type Logger } from "pino";

const NO_FIELDS = Object.freeze({});

export interface LoggerOptions {
  /**
   * The id of the request being answered (server/observability/request-id.ts): every line written
   * while a request is answered carries it as `reqId`, whoever writes it.
   */
  requestId?: () => string | undefined;
}

/**
 * Structured JSON logs. Cookies, authorization headers and anything named like a password are
 * redacted, so a secret cannot reach a log line by accident.
 */
export function createLogger(level = "info", { requestId }: LoggerOptions = {}): Logger {
  return pino({
    level,
    base: { service: "areaoe" },
    ...(requestId
      ? {
          mixin: () => {
            const reqId = requestId();
            return reqId === undefined ? NO_FIELDS : { reqId };
          },
        }
      : {}),
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.privateKey",
      ],
      censor: "[redacted]",
    },
  });
}
