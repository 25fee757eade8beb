// The names the operators read against the names the portal registers: the operations guide's table of
// metrics (docs/operations.md), the alert and recording rules and their promtool tests
// (deploy/prometheus/) and the Grafana dashboard (deploy/grafana/) name only metrics the portal's
// registry holds (its own and prom-client's process metrics, made as a running portal makes them),
// HAProxy's exporter serves (Debian's haproxy with deploy/haproxy.cfg, scraped here once; skipped,
// naming haproxy, where it is absent) or a recording rule records, with the labels each has; the guide
// lists every one of the portal's metrics with exactly its labels. A typo in a rule or a panel would
// otherwise be an empty series: an alert that never fires, a panel that stays blank.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createPortalMetrics } from "../../server/observability/portal-metrics";
import { ROUTE_KINDS } from "../../server/observability/route-kind";
import { freePort } from "../harness/start-server";
import { haproxyMissing, startLoopbackHaproxy } from "../harness/local-haproxy";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The registry as a running portal has it (server/boot.ts: process metrics on). */
const registry = createPortalMetrics({ processMetrics: true }).registry;
const labelsOf = new Map<string, readonly string[]>(
  registry.getMetricsAsArray().map((metric) => {
    const { name, labelNames } = metric as unknown as { name: string; labelNames: readonly string[] };
    return [name, labelNames];
  }),
);
const typeOf = new Map<string, string>();
for (const metric of await registry.getMetricsAsJSON()) typeOf.set(metric.name, String(metric.type));
/** Prometheus's own series for each target (https://prometheus.io/docs/concepts/jobs_instances/). */
const PROMETHEUS_SERIES = new Map<string, readonly string[]>([["up", []]]);

/** HAProxy's exporter as deploy/haproxy.cfg serves it: each metric's labels, from one real scrape. */
async function haproxyMetrics(): Promise<Map<string, readonly string[]> | undefined> {
  const missing = haproxyMissing();
  if (missing) {
    console.warn(`HAProxy's metric names not checked: ${missing}`);
    return undefined;
  }
  // No instance behind it (a closed port): its metrics are all there, with zeros.
  const edge = await startLoopbackHaproxy({ port: await freePort(), metricsPort: await freePort(), portalPorts: [await freePort()], waitForServers: 0 });
  try {
    const text = await (await fetch(edge.metricsUrl)).text();
    const labels = new Map<string, Set<string>>();
    for (const line of text.split("\n")) {
      const sample = /^(haproxy_[a-z0-9_]+)(?:\{([^}]*)\})? /.exec(line);
      if (!sample) continue;
      const known = labels.get(sample[1] ?? "") ?? new Set<string>();
      for (const [, label = ""] of (sample[2] ?? "").matchAll(/([a-z_]+)="/g)) known.add(label);
      labels.set(sample[1] ?? "", known);
    }
    return new Map([...labels].map(([name, set]) => [name, [...set]]));
  } finally {
    await edge.stop();
  }
}
const haproxyLabelsOf = await haproxyMetrics();
/** The frontends and backends of deploy/haproxy.cfg: the values HAProxy's `proxy` label takes. */
const HAPROXY_PROXIES = [...readFileSync(path.join(root, "deploy/haproxy.cfg"), "utf8").matchAll(/^(?:frontend|backend) (\S+)/gm)].map((match) => match[1] ?? "");

/** The series the recording rules record (deploy/prometheus/recording.yml), with the labels they add. */
const recorded = new Map<string, readonly string[]>();
const recordingRules = (parse(read("deploy/prometheus/recording.yml")) as { groups: { rules: { record: string; expr: string; labels?: Record<string, string> }[] }[] }).groups.flatMap((group) => group.rules);
for (const rule of recordingRules) recorded.set(rule.record, Object.keys(rule.labels ?? {}));
/** Labels Prometheus gives every scraped series (the target's). */
const TARGET_LABELS = ["instance", "job"];

interface DocumentedMetric {
  labels: string[];
  /** A label's values where the guide lists them all (no "…", no "e.g."). */
  values: Map<string, string[]>;
}

/** The table of docs/operations.md's "The metrics": each `areaoe_` row's names, labels and listed values. */
function documentedMetrics(): Map<string, DocumentedMetric> {
  const documented = new Map<string, DocumentedMetric>();
  for (const line of read("docs/operations.md").split("\n")) {
    // | Metric | Type | Labels | What it counts |  (no cell holds a "|")
    const cells = line.split("|").slice(1, -1);
    if (!line.startsWith("| `areaoe_") || cells.length !== 4) continue;
    const names = [...(cells[0] ?? "").matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? "");
    const labelCell = cells[2] ?? "";
    const values = new Map<string, string[]>();
    // `label` (`value`, `value`, ...) pairs; a list with "…" or "e.g." is not complete.
    for (const [, label = "", list = ""] of labelCell.matchAll(/`([a-z_]+)` \(([^)]*)\)/g)) {
      if (!/…|e\.g\./.test(list)) values.set(label, [...list.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""));
    }
    const labels = [...labelCell.replace(/\([^)]*\)/g, "").matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? "");
    for (const name of names) documented.set(name, { labels, values });
  }
  return documented;
}

/** A series name as registered: a histogram's `_bucket`, `_count` and `_sum` belong to it. */
function registeredName(series: string): string | undefined {
  if (labelsOf.has(series) || PROMETHEUS_SERIES.has(series) || recorded.has(series) || haproxyLabelsOf?.has(series)) return series;
  const base = series.replace(/_(bucket|count|sum)$/, "");
  return base !== series && typeOf.get(base) === "histogram" ? base : undefined;
}

interface Problem {
  where: string;
  problem: string;
}

/**
 * The metrics, label matchers and grouping labels of one PromQL expression (or a promtool series),
 * against the registry: each name registered, each label one of its metrics' (or the target's), each
 * value of a label whose values the guide lists one of them, each `job` one Prometheus scrapes.
 */
function checkExpression(where: string, expr: string, documented: Map<string, DocumentedMetric>, jobs: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const inExpression = new Set<string>(TARGET_LABELS);
  const selectors = [...expr.matchAll(/(?<![\w:])((?:areaoe|nodejs|process|haproxy)_[a-z0-9_]+|up|slo:[a-z0-9_:]+)(?![\w:])\s*(?:\{([^}]*)\})?/g)];
  if (selectors.length === 0) problems.push({ where, problem: `no metric in ${expr}` });
  for (const [, series = "", matchers = ""] of selectors) {
    // HAProxy's names are checked where HAProxy runs (haproxyMetrics).
    if (series.startsWith("haproxy_") && !haproxyLabelsOf) continue;
    const name = registeredName(series);
    if (name === undefined) {
      problems.push({ where, problem: `${series} is not a registered metric${series.startsWith("slo:") ? " nor a recorded series" : ""}` });
      continue;
    }
    const own = labelsOf.get(name) ?? PROMETHEUS_SERIES.get(name) ?? haproxyLabelsOf?.get(name) ?? recorded.get(name) ?? [];
    const labels = [...TARGET_LABELS, ...own, ...(series.endsWith("_bucket") ? ["le"] : [])];
    for (const label of labels) inExpression.add(label);
    for (const [, label = "", operator = "", value = ""] of matchers.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)) {
      if (!labels.includes(label)) problems.push({ where, problem: `${series} has no label ${label}` });
      if (operator === "=~" || operator === "!~") continue;
      if (label === "job" && !jobs.includes(value)) problems.push({ where, problem: `no scrape job ${value}` });
      if (label === "proxy" && !HAPROXY_PROXIES.includes(value)) problems.push({ where, problem: `${series}: deploy/haproxy.cfg has no frontend or backend ${value}` });
      const listed = documented.get(name)?.values.get(label);
      if (listed && !listed.includes(value)) problems.push({ where, problem: `${series}: ${label}="${value}" is not one of ${listed.join(", ")}` });
    }
  }
  for (const [, grouping = ""] of expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)) {
    for (const label of grouping.split(",").map((one) => one.trim()).filter(Boolean)) {
      if (!inExpression.has(label)) problems.push({ where, problem: `grouping by ${label}, which none of its metrics has` });
    }
  }
  return problems;
}

describe("the metrics' names in the guide, the alert rules and the dashboard", () => {
  const documented = documentedMetrics();
  const jobs = (parse(read("deploy/prometheus/prometheus.yml")) as { scrape_configs: { job_name: string }[] }).scrape_configs.map((config) => config.job_name);

  it("the operations guide lists every metric the portal registers, with exactly its labels", () => {
    const own = [...labelsOf.keys()].filter((name) => name.startsWith("areaoe_")).sort();
    expect(own.length).toBeGreaterThan(20);
    // Each problem names its metric on the first line of the failure.
    const problems = [
      ...own.filter((name) => !documented.has(name)).map((name) => `${name} is registered but not in docs/operations.md's table of metrics`),
      ...[...documented.keys()].filter((name) => !labelsOf.has(name)).map((name) => `${name} is in docs/operations.md's table of metrics but not registered`),
      ...own
        .filter((name) => documented.has(name) && documented.get(name)?.labels.join() !== labelsOf.get(name)?.join())
        .map((name) => `${name}: docs/operations.md lists the labels (${documented.get(name)?.labels.join(", ")}), the registry has (${labelsOf.get(name)?.join(", ")})`),
    ];
    expect(problems).toEqual([]);
    // The route kinds are listed as the classifier has them (server/observability/route-kind.ts).
    expect(documented.get("areaoe_http_request_duration_seconds")?.values.get("kind")).toEqual([...ROUTE_KINDS]);
    // The process metrics the guide names by name exist.
    const guide = read("docs/operations.md");
    for (const [, name = ""] of guide.matchAll(/`((?:nodejs|process)_[a-z0-9_]+)`/g)) expect(labelsOf.has(name), name).toBe(true);
  });

  it("the guide lists a label's values as the registry has them, where the registry has them from the start", async () => {
    // The series each metric has from the start (their label values written in the code, at 0).
    const registered = new Map<string, Map<string, Set<string>>>();
    for (const metric of await registry.getMetricsAsJSON()) {
      const values = new Map<string, Set<string>>();
      for (const { labels } of metric.values) for (const [label, value] of Object.entries(labels)) if (label !== "le") values.set(label, (values.get(label) ?? new Set()).add(String(value)));
      registered.set(metric.name, values);
    }
    const problems: string[] = [];
    let compared = 0;
    for (const [name, { values }] of documented) {
      for (const [label, listed] of values) {
        const inRegistry = registered.get(name)?.get(label);
        if (!inRegistry || inRegistry.size === 0) continue;
        compared += 1;
        const missing = [...inRegistry].filter((value) => !listed.includes(value));
        const extra = listed.filter((value) => !inRegistry.has(value));
        if (missing.length > 0 || extra.length > 0) {
          problems.push(`${name}: its label ${label} is documented as (${listed.join(", ")}), the registry has (${[...inRegistry].sort().join(", ")})`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Not an empty check: the reasons, budgets, surfaces, verdicts and route kinds are compared.
    expect(compared).toBeGreaterThanOrEqual(5);
  });

  it("the alert and recording rules and their promtool tests read registered (or recorded) metrics, by their labels and values", () => {
    const rules = (parse(read("deploy/prometheus/alerts.yml")) as { groups: { rules: { alert: string; expr: string; annotations?: Record<string, string> }[] }[] }).groups.flatMap((group) => group.rules);
    const problems = rules.flatMap((rule) => {
      const found = checkExpression(rule.alert, rule.expr, documented, jobs);
      // An annotation's {{ $labels.x }} is a label of the alert's series.
      const labels = new Set([
        ...TARGET_LABELS,
        ...[...rule.expr.matchAll(/\b(?:areaoe|nodejs|process|haproxy)_[a-z0-9_]+|slo:[a-z0-9_:]+/g)].flatMap(([series]) => {
          const name = registeredName(series) ?? "";
          return labelsOf.get(name) ?? haproxyLabelsOf?.get(name) ?? recorded.get(name) ?? [];
        }),
      ]);
      for (const text of Object.values(rule.annotations ?? {})) {
        for (const [, label = ""] of text.matchAll(/\$labels\.([a-z_]+)/g)) if (!labels.has(label)) found.push({ where: rule.alert, problem: `its annotation reads $labels.${label}, which its series do not have` });
      }
      return found;
    });
    for (const rule of recordingRules) problems.push(...checkExpression(rule.record, rule.expr, documented, jobs));
    for (const file of ["alerts.test.yml", "recording.test.yml"]) {
      const tests = (parse(read(`deploy/prometheus/${file}`)) as { tests: { name: string; input_series: { series: string }[] }[] }).tests;
      for (const test of tests) for (const { series } of test.input_series) problems.push(...checkExpression(`${file} "${test.name}"`, series, documented, jobs));
    }
    expect(rules.length).toBeGreaterThanOrEqual(7);
    expect(problems).toEqual([]);
  });

  it("the Grafana dashboard reads registered metrics, by their labels and values, from the provisioned data source", () => {
    interface Panel {
      title: string;
      datasource?: { uid?: string };
      targets?: { expr: string; datasource?: { uid?: string } }[];
    }
    const dashboard = JSON.parse(read("deploy/grafana/areaoe-dashboard.json")) as { panels: Panel[] };
    const source = (parse(read("deploy/grafana/provisioning/datasources/prometheus.yml")) as { datasources: { uid: string; type: string }[] }).datasources;
    const prometheus = source.find((one) => one.type === "prometheus")?.uid;
    expect(prometheus).toBeDefined();
    const targets = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, target })));
    expect(targets.length).toBeGreaterThanOrEqual(dashboard.panels.length);
    const problems = targets.flatMap(({ panel, target }) => checkExpression(panel.title, target.expr, documented, jobs));
    for (const { panel, target } of targets) {
      const uid = target.datasource?.uid ?? panel.datasource?.uid;
      if (uid !== prometheus) problems.push({ where: panel.title, problem: `data source ${uid} is not the provisioned ${prometheus}` });
    }
    expect(problems).toEqual([]);
  });

  it("would see a typo in a metric, a label or a value", () => {
    expect(checkExpression("typo", "rate(areaoe_http_requests_total[5m])", documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", 'areaoe_http_request_duration_seconds_count{status="5xx"}', documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", 'areaoe_http_request_duration_seconds_count{kind="page"}', documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", "sum by (route) (areaoe_page_cache_requests_total)", documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", 'up{job="portal"}', documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", "areaoe_page_cache_entries_bucket", documented, jobs)).toHaveLength(1);
    expect(checkExpression("typo", "slo:portal_error:ratio_rate5m", documented, jobs)).toHaveLength(1);
    if (haproxyLabelsOf) {
      expect(checkExpression("typo", 'haproxy_backend_http_response_total{proxy="portal"}', documented, jobs)).toHaveLength(1);
      expect(checkExpression("typo", 'haproxy_backend_http_responses_total{proxy="portals"}', documented, jobs)).toHaveLength(1);
      expect(checkExpression("typo", 'haproxy_backend_http_responses_total{status="5xx"}', documented, jobs)).toHaveLength(1);
    }
    expect(checkExpression("fine", 'histogram_quantile(0.99, sum by (instance, le) (rate(areaoe_http_request_duration_seconds_bucket{cache="hit"}[5m])))', documented, jobs)).toEqual([]);
  });
});
