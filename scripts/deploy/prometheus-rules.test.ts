// The alert rules and the scrape configuration of deploy/prometheus/, checked by Debian's promtool
// (package prometheus): the configuration and rules are valid, every alert fires in
// alerts.test.yml's cases (promtool test rules), every alert has its entry in the operations guide.
// That every metric a rule or the Grafana dashboard reads is one the portal registers, with its labels:
// metric-names.test.ts. Skipped, naming promtool, where it is not installed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "deploy/prometheus");
const havePromtool = !spawnSync("promtool", ["--version"]).error;
if (!havePromtool) console.warn("promtool tests skipped: promtool is not installed (Debian package prometheus)");

interface Rules {
  groups: { rules: { alert: string; expr: string }[] }[];
}
interface RulesTest {
  tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
}
const rules = parse(readFileSync(path.join(dir, "alerts.yml"), "utf8")) as Rules;
const alerts = rules.groups.flatMap((group) => group.rules);
const promtool = (...args: string[]) => spawnSync("promtool", args, { cwd: dir, encoding: "utf8" });

describe("deploy/prometheus", () => {
  it.skipIf(!havePromtool)("has a valid scrape configuration and valid rules", () => {
    const config = promtool("check", "config", "prometheus.yml");
    expect(config.status, config.stdout + config.stderr).toBe(0);
    const checked = promtool("check", "rules", "alerts.yml");
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  });

  it.skipIf(!havePromtool)("passes promtool test rules, with a firing case for every alert", () => {
    const tested = promtool("test", "rules", "alerts.test.yml");
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    const cases = (parse(readFileSync(path.join(dir, "alerts.test.yml"), "utf8")) as RulesTest).tests.flatMap((test) => test.alert_rule_test);
    for (const { alert } of alerts) expect(cases.some((test) => test.alertname === alert && test.exp_alerts.length > 0), alert).toBe(true);
  });

  it("names every alert, with what to do, in the operations guide", () => {
    const guide = readFileSync(path.join(root, "docs/operations.md"), "utf8");
    for (const { alert } of alerts) expect(guide, alert).toContain(`\`${alert}\``);
  });
});
