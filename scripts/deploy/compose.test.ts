// The deployment to copy (compose.yaml, deploy/haproxy.cfg) says what the server needs: the proxy
// checks readiness (not only health) and writes X-Forwarded-For/-Proto/-Host itself; every instance
// has the same session secret, Redis, TRUST_PROXY for one hop and the public origin; the runtime's
// stop grace outlasts the drain. No container engine here: these are checks of the files' text.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { apiPath } from "../../app/config/paths";
import { shutdownSchema } from "../../server/config/schema";

const root = path.resolve(import.meta.dirname, "../..");
const compose = readFileSync(path.join(root, "compose.yaml"), "utf8");
const haproxy = readFileSync(path.join(root, "deploy/haproxy.cfg"), "utf8");
const directives = haproxy
  .split("\n")
  .map((line) => line.replace(/#.*/, "").trim())
  .filter((line) => line !== "");

describe("the deployment to copy", () => {
  it("has the proxy check each instance's readiness", () => {
    expect(directives).toContain(`http-check send meth GET uri ${apiPath("ready")}`);
    expect(directives).toContain("http-check expect status 200");
    expect(directives.filter((line) => /^server portal-\d portal-\d:3000 check$/.test(line))).toHaveLength(2);
  });

  it("has the proxy overwrite the forwarded headers (set-header, never add-header)", () => {
    for (const header of ["X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host"]) {
      expect(directives.some((line) => line.startsWith(`http-request set-header ${header} `)), header).toBe(true);
      expect(directives.some((line) => line.startsWith(`http-request add-header ${header}`)), header).toBe(false);
    }
    expect(directives).not.toContain("option forwardfor");
    // Its own request id, never a client's: the portal trusts this hop's X-Request-Id.
    expect(directives).toContain("http-request set-header X-Request-Id %[unique-id]");
    expect(directives.some((line) => line.startsWith("unique-id-format "))).toBe(true);
  });

  it("gives both instances the shared settings, and publishes only the proxy", () => {
    for (const setting of ["AREAOE_SESSION_SECRET:", "AREAOE_REDIS_URL: redis://", "AREAOE_PUBLIC_ORIGIN:", 'TRUST_PROXY: "1"', "AREAOE_SHUTDOWN:"]) {
      expect(compose, setting).toContain(setting);
    }
    // The two instances, and the mirror's writer (the same image and settings: the same pages).
    expect(compose.match(/<<: \*portal/g)).toHaveLength(3);
  });

  it("publishes the proxy to visitors and nothing else but Prometheus, Alertmanager and Grafana, on loopback", () => {
    const services = (parse(compose) as { services: Record<string, { ports?: string[]; profiles?: string[] }> }).services;
    const published = Object.entries(services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name).sort()).toEqual(["alertmanager", "grafana", "prometheus", "proxy"]);
    expect(services.proxy?.ports).toEqual(["8080:8080"]);
    for (const name of ["prometheus", "alertmanager", "grafana"]) for (const port of services[name]?.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    expect(services.grafana?.profiles).toEqual(["dashboards"]);
  });

  it("has Prometheus scrape each instance's metrics port, which is not in the proxy's backend", () => {
    const metricsPort = /AREAOE_METRICS_PORT: "(\d+)"/.exec(compose)?.[1];
    expect(metricsPort).toBeDefined();
    const prometheus = parse(readFileSync(path.join(root, "deploy/prometheus/prometheus.yml"), "utf8")) as {
      scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    const job = prometheus.scrape_configs.find((config) => config.job_name === "areaoe");
    expect(job?.metrics_path).toBe("/metrics");
    expect(job?.static_configs.flatMap((config) => config.targets)).toEqual([`portal-1:${metricsPort}`, `portal-2:${metricsPort}`]);
    expect(compose).toContain("./deploy/prometheus:/etc/prometheus:ro");
    // The proxy sends visitors to the portal's port only.
    const servers = directives.filter((line) => line.startsWith("server "));
    expect(servers.length).toBeGreaterThan(0);
    for (const line of servers) expect(line, line).not.toContain(`:${metricsPort}`);
    expect(haproxy).not.toContain(metricsPort);
  });

  it("keeps Redis's data on a volume of its own, in its append-only file fsync'd before every answer", () => {
    const services = (parse(compose) as { services: Record<string, { command?: string[]; volumes?: string[] }>; volumes: Record<string, unknown> }).services;
    const command = services.redis?.command ?? [];
    const option = (name: string) => command[command.indexOf(name) + 1];
    expect(option("--appendonly")).toBe("yes");
    expect(option("--appendfsync")).toBe("always");
    expect(option("--dir")).toBe("/data");
    expect(services.redis?.volumes).toEqual(["redis-data:/data"]);
    expect(Object.keys((parse(compose) as { volumes: Record<string, unknown> }).volumes)).toContain("redis-data");
  });

  it("runs Alertmanager with deploy/alertmanager, Prometheus sends it the alerts and scrapes HAProxy's exporter, which is not published", () => {
    const services = (parse(compose) as { services: Record<string, { command?: string[]; volumes?: string[] }> }).services;
    expect(services.alertmanager?.volumes).toContain("./deploy/alertmanager:/etc/alertmanager:ro");
    expect(services.alertmanager?.command).toContain("--config.file=/etc/alertmanager/alertmanager.yml");
    expect(services.proxy?.volumes).toContain("./deploy/haproxy-errors:/usr/local/etc/haproxy/errors:ro");
    const prometheus = parse(readFileSync(path.join(root, "deploy/prometheus/prometheus.yml"), "utf8")) as {
      alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    expect(prometheus.alerting.alertmanagers.flatMap((manager) => manager.static_configs.flatMap((config) => config.targets))).toEqual(["alertmanager:9093"]);
    const exporterPort = /frontend metrics\n\s+bind :(\d+)/.exec(haproxy)?.[1];
    expect(exporterPort).toBeDefined();
    expect(prometheus.scrape_configs.find((config) => config.job_name === "haproxy")?.static_configs.flatMap((config) => config.targets)).toEqual([`proxy:${exporterPort}`]);
    expect(directives).toContain("http-request use-service prometheus-exporter if { path /metrics }");
    expect(compose).not.toContain(`${exporterPort}:${exporterPort}`);
  });

  it("lets a drain finish before the runtime kills an instance", () => {
    const shutdown = shutdownSchema.parse(JSON.parse(/AREAOE_SHUTDOWN: '([^']+)'/.exec(compose)?.[1] ?? "{}"));
    const stopGraceSeconds = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(shutdown.readyGraceMs).toBeGreaterThanOrEqual(2 * 2_000); // two failed checks, 2 s apart
    expect(stopGraceSeconds * 1_000).toBeGreaterThan(shutdown.readyGraceMs + shutdown.drainTimeoutMs);
  });
});
