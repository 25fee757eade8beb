import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import type { Registry } from "prom-client";

/** The one address of the metrics listener. */
export const METRICS_PATH = "/metrics";

/**
 * The metrics listener: its own port (AREAOE_METRICS_PORT), on loopback unless AREAOE_METRICS_HOST says
 * otherwise, apart from the public port (which answers 404 for the path) and from the load balancer's
 * backend. GET /metrics answers the registry in Prometheus's text format; anything else is a 404.
 * A port already taken is logged (error) and the portal goes on without it: Prometheus then sees this
 * instance down (the InstanceDown alert), which is what an operator must be told.
 */
export function startMetricsServer({ registry, port, host, logger }: { registry: Registry; port: number; host: string; logger: Logger }): Server {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: { message: (error as Error).message } }, "metrics: the registry could not be read");
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n");
      },
    );
  });
  // Prometheus keeps its connection between scrapes; a stopping portal must not wait for it.
  server.keepAliveTimeout = 65_000;
  server.on("error", (error: Error) => logger.error({ err: { message: error.message }, port, host }, "metrics listener could not start: this instance is not scraped"));
  server.listen(port, host, () => logger.info({ port, host, path: METRICS_PATH }, "metrics listening (Prometheus)"));
  return server;
}
