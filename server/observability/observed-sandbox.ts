import type { HeaderSandbox } from "../sandbox/header-sandbox";
import type { CheckSurface, PortalMetrics } from "./portal-metrics";

/**
 * The header sandbox with each check recorded (verdict, finding codes, RSA work, time) for one surface:
 * the SOAP endpoint or the checker page. The sandbox itself knows nothing of metrics.
 */
export function observedSandbox(sandbox: HeaderSandbox, surface: CheckSurface, metrics: Pick<PortalMetrics, "headerChecked" | "checkerEnabled">): HeaderSandbox {
  metrics.checkerEnabled(sandbox.checkerEnabled);
  return {
    ...sandbox,
    check: (xml, options) => {
      const started = performance.now();
      const result = sandbox.check(xml, options);
      metrics.headerChecked(surface, result, (performance.now() - started) / 1_000);
      return result;
    },
  };
}
