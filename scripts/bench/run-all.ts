/**
 * `npm run bench`: prints the portal's performance figures. Not a test: nothing here fails on a
 * slow machine; the figures are for reading and comparing between commits.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.AREAOE_BUILD_DIR ?? "build";

function run(label: string, command: string, args: string[]): void {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) console.log(`(${label} did not complete: exit ${String(result.status)})`);
}

if (!existsSync(path.resolve(buildDir, "server/index.js"))) {
  run("production build", "npx", ["react-router", "build"]);
}

const benches: [string, string][] = [
  ["Page weight and speed (issues 2 and 11)", "scripts/bench/page-weight.bench.ts"],
  ["Lighthouse, mobile", "scripts/bench/lighthouse.bench.ts"],
  ["Security header generation in Node vs bare node:crypto (issues 4, 10)", "packages/security-header/bench/security-header.bench.ts"],
  ["Security header in Chromium", "scripts/bench/security-header-browser.bench.ts"],
  ["Security header form chunk", "scripts/bench/security-header-chunk.bench.ts"],
  ["Server throughput, render CPU and overload (issues 7 and 11)", "scripts/bench/server.bench.ts"],
  ["Pages of text as static documents: brotli, gzip, identity and 304 against plain node:http", "scripts/bench/static-documents.bench.ts"],
  ["Header sandbox: checks per second, CPU per check, page p99 under sandbox load", "scripts/bench/sandbox.bench.ts"],
  ["Header sandbox flooded by four clients: a cached page's p99 alone and meanwhile, the sandbox's answers (issue 42)", "scripts/bench/sandbox-flood.bench.ts"],
  ["Header sandbox shared fairly: a client within its quota (anonymous, then with its own key) and a person at the checker page while 20 others flood (issue 48)", "scripts/bench/sandbox-fairness.bench.ts"],
  ["Hostile input: a cached page while a stranger attacks", "scripts/bench/hostile.bench.ts"],
  ["Availability: a cached page while one client floods each bypass, variant, worst header and worst report", "scripts/bench/availability.bench.ts"],
  ["A flood from one address: another visitor's p99, bare and through HAProxy, each limit off and on (issue 40)", "scripts/bench/flood.bench.ts"],
  ["Several instances: a cached page's p99 with Redis configured against without", "scripts/bench/scale-out.bench.ts"],
  ["Edge capacity for the sizing table: a stored page through the edge (Varnish) against nginx serving the same bytes and the portal alone; sandbox checks per core; memory per instance (issue 50)", "scripts/bench/edge-capacity.bench.ts"],
  ["Metrics: a cached page's CPU per answer with the Prometheus metrics on against off (issue 38)", "scripts/bench/metrics.bench.ts"],
  ["Capacity: CPU per request of a realistic mix, requests a second per core at 60 % (issue 49)", "scripts/bench/capacity.bench.ts"],
];

for (const [label, file] of benches) {
  if (existsSync(file)) run(label, "npx", ["tsx", file]);
  else console.log(`\n=== ${label} ===\n(${file} is missing)`);
}
