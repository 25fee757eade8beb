// The alert and recording rules and the scrape configuration of deploy/prometheus/, checked by Debian's
// promtool (package prometheus): the configuration and rules are valid, every alert fires in
// alerts.test.yml's cases and stays quiet in at least one (promtool test rules), the SLO ratios come out
// of their series (recording.test.yml), and every alert has its runbook in the operations guide (what it
// means, what to check, what to do). Alertmanager's configuration (deploy/alertmanager/) is checked by
// Debian's amtool (package prometheus-alertmanager), and its routes send a page to the on-call receiver,
// anything else to the tickets. That every metric a rule or the Grafana dashboard reads is one the portal
// (or HAProxy) exposes, with its labels: metric-names.test.ts. Skipped, naming promtool or amtool, where
// it is not installed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "deploy/prometheus");
const alertmanagerDir = path.join(root, "deploy/alertmanager");
const havePromtool = !spawnSync("promtool", ["--version"]).error;
if (!havePromtool) console.warn("promtool tests skipped: promtool is not installed (Debian package prometheus)");
const haveAmtool = !spawnSync("amtool", ["--version"]).error;
if (!haveAmtool) console.warn("amtool tests skipped: amtool is not installed (Debian package prometheus-alertmanager)");

interface Rules {
  groups: { rules: { alert: string; expr: string; labels?: Record<string, string>; annotations?: Record<string, string> }[] }[];
}
interface RulesTest {
  tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
}
const rules = parse(readFileSync(path.join(dir, "alerts.yml"), "utf8")) as Rules;
const alerts = rules.groups.flatMap((group) => group.rules);
const promtool = (...args: string[]) => spawnSync("promtool", args, { cwd: dir, encoding: "utf8" });
const amtool = (...args: string[]) => spawnSync("amtool", args, { cwd: alertmanagerDir, encoding: "utf8" });
const guide = readFileSync(path.join(root, "docs/operations.md"), "utf8");

/** The runbook of one alert: its section of the guide, from its `### Name` heading to the next heading. */
function runbook(alert: string): string | undefined {
  const at = guide.indexOf(`\n### ${alert}\n`);
  if (at < 0) return undefined;
  const next = guide.slice(at + 1).search(/\n#{2,3} /);
  return next < 0 ? guide.slice(at) : guide.slice(at, at + 1 + next);
}

describe("deploy/prometheus", () => {
  it.skipIf(!havePromtool)("has a valid scrape configuration and valid rules", () => {
    const config = promtool("check", "config", "prometheus.yml");
    expect(config.status, config.stdout + config.stderr).toBe(0);
    const checked = promtool("check", "rules", "recording.yml", "alerts.yml");
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  });

  it.skipIf(!havePromtool)("passes promtool test rules, with a firing case and a quiet case for every alert, and its SLO ratios", () => {
    const tested = promtool("test", "rules", "alerts.test.yml", "recording.test.yml");
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    const cases = (parse(readFileSync(path.join(dir, "alerts.test.yml"), "utf8")) as RulesTest).tests.flatMap((test) => test.alert_rule_test ?? []);
    for (const { alert } of alerts) {
      expect(cases.some((test) => test.alertname === alert && test.exp_alerts.length > 0), `${alert} fires`).toBe(true);
      expect(cases.some((test) => test.alertname === alert && test.exp_alerts.length === 0), `${alert} stays quiet`).toBe(true);
    }
    // About 3 s of CPU: a loaded machine needs longer than the default 20 s.
  }, 90_000);

  it("gives every alert a severity and a runbook in the operations guide: what it means, what to check, what to do", () => {
    for (const { alert, labels, annotations } of alerts) {
      expect(["page", "warn"], alert).toContain(labels?.severity);
      expect(annotations?.runbook_url, alert).toBe(`docs/operations.md#${alert.toLowerCase()}`);
      const section = runbook(alert);
      expect(section, `### ${alert} in docs/operations.md`).toBeDefined();
      for (const part of ["**What it means.**", "**What to check.**", "**What to do.**"]) expect(section, `${alert}: ${part}`).toContain(part);
    }
  });
});

describe("deploy/alertmanager", () => {
  it.skipIf(!haveAmtool)("has a valid configuration (amtool check-config)", () => {
    const checked = amtool("check-config", "alertmanager.yml");
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  });

  it.skipIf(!haveAmtool)("sends every page to the on-call receiver and every other alert to the tickets", () => {
    const receiver = (...labels: string[]) => amtool("config", "routes", "test", "--config.file=alertmanager.yml", ...labels).stdout.trim();
    for (const { alert, labels } of alerts) {
      expect(receiver(`alertname=${alert}`, `severity=${labels?.severity ?? ""}`, "instance=portal-1:9464"), alert).toBe(labels?.severity === "page" ? "on-call" : "tickets");
    }
  });
});
