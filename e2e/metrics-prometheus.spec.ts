import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test, expect } from "./support/fixtures";
import { freePort, startProductionServer, type RunningServer } from "../scripts/harness/start-server";
import { pageHref } from "../app/config/site-map";
import { demoSignIn } from "../scripts/harness/demo-sign-in";
import { parse, stringify } from "yaml";
import { haproxyMissing, startLoopbackHaproxy, type RunningHaproxy } from "../scripts/harness/local-haproxy";

// Debian's real Prometheus scrapes two instances of the production build (each with its metrics
// listener on a free loopback port) and Debian's HAProxy in front of them (deploy/haproxy.cfg, its
// exporter), once a second, and the tests read its HTTP API: all are up, a request raises its counter, a
// page-cache miss, a 429 and a sandbox refusal show. Prometheus runs the compose deployment's
// configuration, SLO recording rules and alert rules (deploy/prometheus/), and every query of the
// Grafana dashboard is asked of it. One Prometheus, one HAProxy, a temporary storage folder, a few
// seconds of scraping. Skipped, naming it, where Prometheus is absent (and HAProxy's job, naming it,
// where haproxy is).
const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const DEPLOY_PROMETHEUS = path.resolve(import.meta.dirname, "../deploy/prometheus");
const DASHBOARD = path.resolve(import.meta.dirname, "../deploy/grafana/areaoe-dashboard.json");

interface DeployedConfig {
  global: Record<string, unknown>;
  rule_files: string[];
  scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
}
const havePrometheus = !spawnSync("prometheus", ["--version"]).error;
const havePromtool = !spawnSync("promtool", ["--version"]).error;

test.describe.configure({ mode: "serial" });
test.skip(!havePrometheus, "Prometheus is not installed (Debian package prometheus)");

interface Instance {
  server: RunningServer;
  metricsPort: number;
  /** The scrape target's `instance` label. */
  target: string;
}
let instances: Instance[] = [];
let prometheus: ChildProcess | undefined;
let edge: RunningHaproxy | undefined;
const noHaproxy = haproxyMissing();
let prometheusUrl = "";
let storage = "";

test.beforeAll(async () => {
  test.setTimeout(200_000); // two starts on a loaded 2-core machine
  // The demo identity provider stands in for the real one (sign-in metrics).
  const secret = randomBytes(32).toString("base64url");
  instances = await Promise.all(
    [0, 1].map(async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      // A small search budget, so that a third search in a row is a 429; a request budget the
      // thousand unknown addresses below do not spend (the error-page test comes after them).
      const server = await startProductionServer(port, BUILD_DIR, {
        LOG_LEVEL: "warn",
        AREAOE_DEV_IDP: "1",
        AREAOE_SESSION_SECRET: secret,
        AREAOE_METRICS_PORT: String(metricsPort),
        AREAOE_LIMITS: JSON.stringify({ searchesPerSecond: 1, searchBurst: 2, requestsPerSecond: 1_000, requestBurst: 10_000 }),
      });
      return { server, metricsPort, target: `127.0.0.1:${metricsPort}` };
    }),
  );
  // HAProxy in front of the two, for its exporter (the job haproxy and the dashboard's edge panels).
  if (!noHaproxy) {
    const [edgePort, edgeMetrics] = [await freePort(), await freePort()];
    edge = await startLoopbackHaproxy({ port: edgePort, metricsPort: edgeMetrics, portalPorts: instances.map((instance) => Number(new URL(instance.server.origin).port)) });
  }
  storage = mkdtempSync(path.join(tmpdir(), "areaoe-prometheus-"));
  // The compose deployment's own configuration (deploy/prometheus/prometheus.yml) and alert rules, as
  // its Prometheus reads them; only what only compose has is changed: the targets (the two instances'
  // metrics ports here, not portal-1:9464 and portal-2:9464 on compose's network), the rules' path
  // (absolute: the configuration is written to a temporary folder) and a scrape and evaluation every
  // second instead of 15 s.
  const deployed = parse(readFileSync(path.join(DEPLOY_PROMETHEUS, "prometheus.yml"), "utf8")) as DeployedConfig;
  const job = deployed.scrape_configs.find((config) => config.job_name === "areaoe");
  if (!job) throw new Error("deploy/prometheus/prometheus.yml has no job areaoe");
  job.static_configs = [{ targets: instances.map((instance) => instance.target) }];
  const haproxyJob = deployed.scrape_configs.find((config) => config.job_name === "haproxy");
  if (!haproxyJob) throw new Error("deploy/prometheus/prometheus.yml has no job haproxy");
  haproxyJob.static_configs = [{ targets: edge ? [new URL(edge.metricsUrl).host] : [] }];
  const config = path.join(storage, "prometheus.yml");
  writeFileSync(
    config,
    stringify({
      ...deployed,
      global: { ...deployed.global, scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" },
      rule_files: deployed.rule_files.map((file) => path.join(DEPLOY_PROMETHEUS, file)),
      // No Alertmanager here (scripts/deploy/operations-outage.test.ts has one).
      alerting: { alertmanagers: [] },
    }),
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn("prometheus", [`--config.file=${config}`, `--storage.tsdb.path=${path.join(storage, "data")}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: "ignore" });
  await eventually(async () => (await fetch(`${prometheusUrl}/-/ready`)).ok);
});

test.afterAll(async () => {
  prometheus?.kill("SIGTERM");
  await edge?.stop();
  await Promise.all(instances.map((instance) => instance.server.stop()));
  if (storage) rmSync(storage, { recursive: true, force: true });
});

/** Polls until `check` holds (Prometheus scrapes once a second): 20 s at most. */
async function eventually(check: () => Promise<boolean>, what = "condition"): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One PromQL query through Prometheus's HTTP API: the sum of the result's values (0 when empty). */
async function query(promql: string): Promise<number> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as { status: string; data: { result: { value: [number, string] }[] } };
  if (body.status !== "success") throw new Error(`query failed: ${promql}`);
  return body.data.result.reduce((sum, item) => sum + Number(item.value[1]), 0);
}

/** Waits until Prometheus has scraped `promql` at `least` or more. */
async function expectScraped(promql: string, least: number): Promise<void> {
  let last = Number.NaN;
  await eventually(async () => (last = await query(promql)) >= least, `${promql} >= ${least}`).catch((error: unknown) => {
    throw new Error(`${(error as Error).message} (last value ${last})`);
  });
}

const on = (instance: Instance | undefined) => {
  if (!instance) throw new Error("two instances expected");
  return instance;
};

test("Prometheus scrapes both instances, and HAProxy's exporter, which finds both ready", async () => {
  await eventually(async () => (await query('sum(up{job="areaoe"})')) === 2, "both instances up");
  for (const instance of instances) expect(await query(`up{instance="${instance.target}"}`)).toBe(1);
  test.skip(Boolean(noHaproxy), noHaproxy ?? "");
  await eventually(async () => (await query('up{job="haproxy"}')) === 1, "HAProxy up");
  await eventually(async () => (await query('haproxy_backend_active_servers{proxy="portal"}')) === 2, "HAProxy sends to both");
});

test("a request raises its counter; a first request is a page-cache miss, the next a hit", async () => {
  const first = on(instances[0]);
  const page = pageHref("export");
  const series = (labels: string) => `sum(areaoe_http_request_duration_seconds_count{instance="${first.target}", ${labels}})`;
  await expectScraped('sum(up{job="areaoe"})', 2);
  const texts = await query(series('kind="text", method="GET", status_class="2xx"'));
  const misses = await query(`sum(areaoe_page_cache_requests_total{instance="${first.target}", outcome="miss"})`);
  const hits = await query(`sum(areaoe_page_cache_requests_total{instance="${first.target}", outcome="hit"})`);
  const first200 = await fetch(`${first.server.origin}${page}`);
  expect(first200.status).toBe(200);
  expect(first200.headers.get("cache-status")).toContain("fwd=uri-miss");
  expect(first200.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  await first200.text();
  for (let i = 0; i < 2; i += 1) {
    const again = await fetch(`${first.server.origin}${page}`);
    expect(again.headers.get("cache-status")).toContain("hit");
    await again.text();
  }
  await expectScraped(series('kind="text", method="GET", status_class="2xx"'), texts + 3);
  await expectScraped(`sum(areaoe_page_cache_requests_total{instance="${first.target}", outcome="miss"})`, misses + 1);
  await expectScraped(`sum(areaoe_page_cache_requests_total{instance="${first.target}", outcome="hit"})`, hits + 2);
  await expectScraped(series('kind="text", cache="hit"'), 2);
  // The other instance saw none of it.
  expect(await query(`sum(areaoe_http_request_duration_seconds_count{instance="${on(instances[1]).target}", kind="text", cache="hit"})`)).toBe(0);
});

test("a spent search budget's 429 and a sandbox refusal show", async () => {
  const second = on(instances[1]);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const response = await fetch(`${second.server.origin}${pageHref("search")}?q=iva${i}`, { headers: { accept: "text/plain" } });
    statuses.push(response.status);
    await response.text();
  }
  expect(statuses).toContain(429);
  const refused = await fetch(`${second.server.origin}/areaOE/sandbox/soap`, {
    method: "POST",
    headers: { "Content-Type": "text/xml" },
    body: '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body><ping/></soapenv:Body></soapenv:Envelope>',
  });
  expect(refused.status).toBe(500);
  await refused.text();
  await expectScraped(`sum(areaoe_budget_refusals_total{instance="${second.target}", budget="searches"})`, 1);
  await expectScraped(`sum(areaoe_header_checks_total{instance="${second.target}", surface="soap", verdict="refused"})`, 1);
  await expectScraped(`sum(areaoe_header_check_findings_total{instance="${second.target}", surface="soap", code="NO_SECURITY_HEADER"})`, 1);
  await expectScraped(`sum(areaoe_http_request_duration_seconds_count{instance="${second.target}", kind="sandbox", method="POST", status_class="5xx"})`, 1);
  await expectScraped(`sum(nodejs_heap_size_used_bytes{instance="${second.target}"})`, 1);
});

test("the metrics are on their own port only, their series do not grow with random addresses, and promtool accepts them", async () => {
  const first = on(instances[0]);
  for (const path of ["/metrics", "/areaOE/metrics"]) expect((await fetch(`${first.server.origin}${path}`)).status, path).toBe(404);
  const scrape = async () => (await fetch(`http://${first.target}/metrics`)).text();
  const seriesOf = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("areaoe_"))
      .map((line) => line.replace(/ [^ ]+$/, ""))
      .sort();
  // One unknown address first, so that its series exists; then a thousand more, five at a time (fewer
  // than the render slots: this is not an overload test; most are refused by the render budget, 429).
  await (await fetch(`${first.server.origin}/areaOE/${randomBytes(8).toString("hex")}`)).text();
  const before = seriesOf(await scrape());
  for (let round = 0; round < 200; round += 1) {
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const junk = randomBytes(9).toString("base64url");
        const response = await fetch(`${first.server.origin}/areaOE/${junk}?user=${junk}`, { headers: { "x-request-id": junk } });
        await response.arrayBuffer();
      }),
    );
  }
  const text = await scrape();
  expect(seriesOf(text)).toEqual(before);
  if (!havePromtool) return;
  const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  expect(`${checked.stdout}${checked.stderr}`.trim()).toBe("");
  expect(checked.status).toBe(0);
});

test("the server's error page gives the request's id to quote, the one in X-Request-Id", async () => {
  const first = on(instances[0]);
  for (const [language, text] of [
    ["pt-PT", "indique esta referência"],
    ["en", "quote this reference"],
  ] as const) {
    // Outside the base path: the server's own 404 page (app/render/server-page.tsx).
    const response = await fetch(`${first.server.origin}/no-such-page-${language}`, { headers: { "accept-language": language, accept: "text/html" } });
    expect(response.status).toBe(404);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const body = await response.text();
    expect(body).toContain(text);
    expect(body).toContain(`<code>${id}</code>`);
  }
  // A proxy on loopback is trusted by default (TRUST_PROXY): its well-formed id is kept.
  const proxied = await fetch(`${first.server.origin}/no-such-page`, { headers: { "x-request-id": "haproxy-7f000001-0001" } });
  expect(proxied.headers.get("x-request-id")).toBe("haproxy-7f000001-0001");
  expect(await proxied.text()).toContain("<code>haproxy-7f000001-0001</code>");
});

test("a sign-in and a sign-out show: started, completed, session revoked", async () => {
  const first = on(instances[0]);
  const metric = (name: string) => `sum(${name}{instance="${first.target}"})`;
  const cookie = await demoSignIn(first.server.origin);
  const signOut = await fetch(`${first.server.origin}/areaOE/auth/sign-out`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: first.server.origin, "content-type": "application/x-www-form-urlencoded" },
    body: "returnTo=%2FareaOE%2F",
  });
  expect(signOut.status).toBe(303);
  await expectScraped(metric("areaoe_sign_ins_started_total"), 1);
  await expectScraped(metric("areaoe_sign_ins_completed_total"), 1);
  await expectScraped(metric("areaoe_sessions_revoked_total"), 1);
});

test("the compose deployment's alert rules load and evaluate, and every dashboard query answers from the scraped series", async () => {
  // Every rule of deploy/prometheus/ (the SLO recording rules, the alerts), evaluated by this Prometheus without an error.
  const rulesOf = (file: string) =>
    (parse(readFileSync(path.join(DEPLOY_PROMETHEUS, file), "utf8")) as { groups: { rules: { alert?: string; record?: string }[] }[] }).groups.flatMap((group) =>
      group.rules.map((rule) => rule.alert ?? rule.record ?? ""),
    );
  const deployedRules = [...rulesOf("recording.yml"), ...rulesOf("alerts.yml")];
  interface RuleState {
    name: string;
    health: string;
    lastError?: string;
    lastEvaluation: string;
  }
  let loaded: RuleState[] = [];
  await eventually(async () => {
    const body = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: RuleState[] }[] } };
    loaded = body.data.groups.flatMap((group) => group.rules);
    return loaded.length === deployedRules.length && loaded.every((rule) => !rule.lastEvaluation.startsWith("0001-"));
  }, "every rule evaluated once");
  expect(loaded.map((rule) => rule.name).sort()).toEqual([...deployedRules].sort());
  expect(loaded.filter((rule) => rule.health !== "ok").map((rule) => `${rule.name}: ${rule.health} ${rule.lastError ?? ""}`)).toEqual([]);
  // Two healthy instances: the alerts about their health are quiet (not even pending: their condition
  // is false). Those that depend on this machine's load (slow cached pages, event-loop lag) or on the
  // configured certificates' dates are left out.
  const DEPENDS_ON_THE_MACHINE = ["AreaoeCachedPagesSlow", "AreaoeEventLoopLag", "AreaoeAuthorityCertificateExpiring", "AreaoePagesSlow"];
  const alerts = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as { data: { alerts: { labels: { alertname: string }; state: string }[] } };
  expect(alerts.data.alerts.map((alert) => alert.labels.alertname).filter((name) => !DEPENDS_ON_THE_MACHINE.includes(name))).toEqual([]);

  // Every panel's query: valid PromQL and, after the traffic of the tests above, a series to draw;
  // only the shared state's panels stay empty (these instances run without Redis), and HAProxy's and the
  // SLOs' (read from HAProxy) where haproxy is not installed.
  const WITHOUT_REDIS = ["areaoe_redis_up", "areaoe_redis_command_duration_seconds", "areaoe_shared_state_fallbacks_total", ...(edge ? [] : ["haproxy_", "slo:"])];
  const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as { panels: { title: string; targets?: { expr: string }[] }[] };
  const empty: string[] = [];
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets ?? []) {
      const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
      const body = (await response.json()) as { status: string; error?: string; data?: { result: unknown[] } };
      expect(body.status, `${panel.title}: ${expr} ${body.error ?? ""}`).toBe("success");
      if ((body.data?.result.length ?? 0) === 0 && !WITHOUT_REDIS.some((name) => expr.includes(name))) empty.push(`${panel.title}: ${expr}`);
    }
  }
  expect(empty).toEqual([]);
});
