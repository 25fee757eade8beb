import { useEffect } from "react";
import type { ErrorReportingConfig } from "./error-reporter";
import { configureErrorReporting } from "./error-reporting";
import { resumeInterruptedNavigation } from "./route-module-loader";

/** Placed once in the layout: starts error reporting with the startup configuration after hydration. */
export function ErrorHandling({ reporting }: { reporting: ErrorReportingConfig | undefined }) {
  useEffect(() => configureErrorReporting(reporting), [reporting]);
  useEffect(() => resumeInterruptedNavigation(), []);
  return null;
}
