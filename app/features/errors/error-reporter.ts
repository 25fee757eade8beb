import { errorDigest } from "./digest";
import { redactText, redactUrl } from "./redact";
import { REPORT_LIMITS } from "./report-limits";

/** The client error-report endpoint from the startup configuration: whether it is on, its URL and method. */
export interface ErrorReportingConfig {
  enabled: boolean;
  url: string;
  method: string;
}

/** What is sent for one error, once per digest, without query strings or secrets. */
export interface ErrorReport {
  digest: string;
  message: string;
  stack: string;
  componentStack: string;
  timestamp: string;
  userAgent: string;
  url: string;
}

/** The endpoint refuses longer fields; cut them here so a long stack still gets through. */
export const MAX_MESSAGE_CHARS = REPORT_LIMITS.message;
export const MAX_STACK_CHARS = REPORT_LIMITS.stack;

export interface ErrorReporterOptions {
  config: ErrorReportingConfig;
  fetch?: typeof fetch;
  now?: () => Date;
  pageUrl?: () => string;
  userAgent?: () => string;
}

export interface ErrorReporter {
  /** Sends the error unless its digest was already sent; returns what was sent, if anything. */
  report(error: unknown, componentStack?: string | null): ErrorReport | undefined;
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? "" };
  if (typeof error === "string") return { message: error, stack: "" };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: "" };
  } catch {
    return { message: String(error), stack: "" };
  }
}

export function buildErrorReport(
  error: unknown,
  componentStack: string | null | undefined,
  context: { now: Date; pageUrl: string; userAgent: string },
): ErrorReport {
  const raw = describe(error);
  const message = redactText(raw.message).slice(0, MAX_MESSAGE_CHARS);
  const stack = redactText(raw.stack).slice(0, MAX_STACK_CHARS);
  return {
    digest: errorDigest(message, stack),
    message,
    stack,
    componentStack: redactText(componentStack ?? "").slice(0, REPORT_LIMITS.componentStack),
    timestamp: context.now.toISOString(),
    userAgent: context.userAgent.slice(0, REPORT_LIMITS.userAgent),
    url: redactUrl(context.pageUrl).slice(0, REPORT_LIMITS.url),
  };
}

/**
 * Reports errors to the configured endpoint, each digest once per page life. Reporting must never
 * break or slow the page: it never throws, never awaits, and `keepalive` lets a report outlive an
 * unloading page.
 */
export function createErrorReporter({
  config,
  fetch: send = (...args) => globalThis.fetch(...args),
  now = () => new Date(),
  pageUrl = () => globalThis.location?.href ?? "",
  userAgent = () => globalThis.navigator?.userAgent ?? "",
}: ErrorReporterOptions): ErrorReporter {
  const sent = new Set<string>();
  return {
    report(error, componentStack) {
      if (!config.enabled) return undefined;
      try {
        const report = buildErrorReport(error, componentStack, {
          now: now(),
          pageUrl: pageUrl(),
          userAgent: userAgent(),
        });
        if (sent.has(report.digest)) return undefined;
        sent.add(report.digest);
        void send(config.url, {
          method: config.method,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(report),
          keepalive: true,
          credentials: "same-origin",
        }).catch(() => undefined);
        return report;
      } catch {
        return undefined;
      }
    },
  };
}
