import type { RequestLog } from "../sandbox/request-log";
import type { CheckSurface, PortalMetrics } from "./portal-metrics";

/**
 * The request log with each check recorded (verdict, finding codes, the replay warning included, RSA
 * work, time) for the surface it came from: the SOAP endpoint or the checker page. The sandbox and its
 * request log know nothing of metrics.
 */
export function observedRequestLog(
  log: RequestLog,
  checkerEnabled: boolean,
  metrics: Pick<PortalMetrics, "headerChecked" | "checkerEnabled">,
): RequestLog {
  metrics.checkerEnabled(checkerEnabled);
  return {
    ...log,
    check: async (xml, options) => {
      const started = performance.now();
      const checked = await log.check(xml, options);
      const surface: CheckSurface = options.source === "sandbox" ? "soap" : "checker";
      metrics.headerChecked(surface, checked.result, (performance.now() - started) / 1_000);
      return checked;
    },
  };
}
