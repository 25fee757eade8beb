import { pino, type DestinationStream, type Logger, type LoggerOptions as PinoOptions } from "pino";

export interface LoggerOptions {
  /**
   * The id of the request being answered (server/observability/request-id.ts): every line written
   * while a request is answered carries it as `reqId`, whoever writes it.
   */
  requestId?: () => string | undefined;
  /** Where the lines go (default standard output; tests read them). */
  destination?: DestinationStream;
}

/**
 * Structured JSON logs. Cookies, authorization headers and anything named like a password are
 * redacted, so a secret cannot reach a log line by accident.
 */
export function createLogger(level = "info", { requestId, destination }: LoggerOptions = {}): Logger {
  const options: PinoOptions<never> = {
    level,
    base: { service: "areaoe" },
    ...(requestId
      ? {
          mixin: () => {
            const reqId = requestId();
            // A new object each time: pino merges the line's own fields into it.
            return reqId === undefined ? {} : { reqId };
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
  };
  return destination ? pino(options, destination) : pino(options);
}
