import { createErrorReporter, type ErrorReporter, type ErrorReportingConfig } from "./error-reporter";

// One reporter per page life. Errors can happen before the configuration (in the root loader data)
// reaches the browser, so the first few are held until then.
const MAX_PENDING = 10;
let reporter: ErrorReporter | null | undefined;
const pending: Array<{ error: unknown; componentStack?: string | null }> = [];

export function configureErrorReporting(config: ErrorReportingConfig | undefined): void {
  if (reporter !== undefined || !config) return;
  reporter = config.enabled ? createErrorReporter({ config }) : null;
  for (const item of pending.splice(0)) reporter?.report(item.error, item.componentStack);
}

/** Reports an error caught anywhere in the page; never throws. */
export function reportError(error: unknown, componentStack?: string | null): void {
  if (reporter === undefined) {
    if (pending.length < MAX_PENDING) pending.push({ error, componentStack });
    return;
  }
  reporter?.report(error, componentStack);
}

/** Errors no boundary caught: uncaught exceptions and unhandled promise rejections. */
export function installGlobalErrorHandlers(target: Window = window): void {
  target.addEventListener("error", (event) => reportError(event.error ?? event.message));
  target.addEventListener("unhandledrejection", (event) => reportError(event.reason));
}
