/**
 * The longest field of an error report, shared by the browser (which cuts its report to fit) and the
 * server (which refuses more): enough for a message and the top frames, not for a flood of log text.
 */
export const REPORT_LIMITS = {
  message: 1_000,
  stack: 4_000,
  componentStack: 4_000,
  userAgent: 256,
  url: 1_024,
} as const;
