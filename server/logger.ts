import { pino, type Logger } from "pino";

/**
 * Structured JSON logs. Cookies, authorization headers and anything named like a password are
 * redacted, so a secret cannot reach a log line by accident.
 */
export function createLogger(level = "info"): Logger {
  return pino({
    level,
    base: { service: "areaoe" },
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
