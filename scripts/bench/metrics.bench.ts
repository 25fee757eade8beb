/**
 * The cost of the Prometheus metrics on a cached page (issue 38): two production instances on loopback,
 * one with the metrics on (AREAOE_METRICS_PORT: a request's duration, kind and cache outcome recorded,
 * the page cache's counters, prom-client's process metrics) and one with them off
 * (AREAOE_METRICS_PORT=off: nothing recorded), the same page of text answered from the page cache, both
 * loaded at the same time in each round, so that the machine's load (other processes, CPU frequency)
 * is the same for both: on this shared 2-core machine, runs one after the other moved by ±30 % and gave
 * anything from -1 % to +8 %; measured together, every round agreed within a few per cent. Prints each
 * server's main-thread CPU time per answer (Linux: /proc/<pid>/schedstat) and request rate, side by
 * side, each round's ratio, and the ratio against the aim (at most 5 % more CPU with the metrics).
 * `BENCH_SAME=1` starts both with the metrics off: the same figures then show the method's own error
 * (about 1 %). Both have request ids (X-Request-Id, logs): that is not the metrics' cost. Then one
 * scrape of the "on" instance says its counter saw every answer.
 * Usage: npx tsx scripts/bench/metrics.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startProductionServer, type RunningServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
/** Connections to each server (both are loaded at once). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
/** Rounds, each loading both servers together for DURATION_S. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/** Both servers without the metrics: the method's own error (an A/A comparison). */
const SAME = process.env.BENCH_SAME === "1";
const PAGE = "/areaOE/public/importacao";
const HEADERS = { "accept-encoding": "gzip, deflate, br", "accept-language": "pt-PT" };

/** Nanoseconds a process's main thread has spent on a CPU (Linux: /proc/<pid>/schedstat). */
function cpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

interface Run {
  requests: number;
  rps: number;
  cpuNs: number;
  non2xx: number;
}

async function run(server: RunningServer): Promise<Run> {
  const before = cpuNs(server.pid);
  const result = await autocannon({ url: `${server.origin}${PAGE}`, connections: CONNECTIONS, duration: DURATION_S, headers: HEADERS });
  return { requests: result.requests.total, rps: result.requests.average, cpuNs: cpuNs(server.pid) - before, non2xx: result.non2xx };
}

async function main(): Promise<void> {
  // The per-client request budget off (requestsPerSecond 0, as the other benches): autocannon is one
  // client, and past the budget it would measure 429s, not cached pages.
  const limits = JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000, requestsPerSecond: 0 });
  const metricsPort = await freePort();
  const [off, on] = await Promise.all([
    startProductionServer(await freePort(), buildDir, { AREAOE_LIMITS: limits, AREAOE_METRICS_PORT: "off" }),
    startProductionServer(await freePort(), buildDir, { AREAOE_LIMITS: limits, AREAOE_METRICS_PORT: SAME ? "off" : String(metricsPort) }),
  ]);
  try {
    console.log(`\nMetrics on a cached page: ${PAGE} (brotli), ${CONNECTIONS} connections to each server, both loaded at once, ${ROUNDS} rounds of ${DURATION_S} s; build ${buildDir}${SAME ? "; BENCH_SAME: both with the metrics off" : ""}`);
    console.log(`load average at start ${loadavg().map((value) => value.toFixed(2)).join(", ")} on ${availableParallelism()} cores (other work on the machine moves the figures)`);
    // Stored, then warmed up (JIT) on both, together as in the rounds, before anything is measured.
    await Promise.all([off, on].map((server) => autocannon({ url: `${server.origin}${PAGE}`, connections: CONNECTIONS, duration: DURATION_S, headers: HEADERS })));
    const offRuns: Run[] = [];
    const onRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Which one autocannon starts first alternates (a microsecond apart: no advantage, but none assumed).
      const [offRun, onRun] = round % 2 === 0 ? await Promise.all([run(off), run(on)]) : await Promise.all([run(on), run(off)]).then(([a, b]) => [b, a] as const);
      offRuns.push(offRun);
      onRuns.push(onRun);
    }
    const merge = (runs: Run[]) => {
      const sum = (field: keyof Run) => runs.reduce((total, item) => total + item[field], 0);
      return { cpuUs: sum("cpuNs") / sum("requests") / 1_000, rps: sum("rps") / runs.length, requests: sum("requests"), non2xx: sum("non2xx") };
    };
    const without = merge(offRuns);
    const withMetrics = merge(onRuns);
    const perRound = (runs: Run[]) => runs.map((item) => (item.cpuNs / item.requests / 1_000).toFixed(0)).join(" ");
    console.log(`CPU µs/answer per round: off ${perRound(offRuns)}; on ${perRound(onRuns)}`);
    const ratios = onRuns.map((item, i) => item.cpuNs / item.requests / ((offRuns[i] as Run).cpuNs / (offRuns[i] as Run).requests));
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] as number;
    console.log(`on/off per round: ${ratios.map((ratio) => `${((ratio - 1) * 100).toFixed(1)} %`).join(", ")}; median ${((median - 1) * 100).toFixed(1)} %`);
    console.table({
      "metrics off": { "CPU µs/answer": without.cpuUs.toFixed(1), "requests/s": without.rps.toFixed(0), answers: without.requests, "non-2xx": without.non2xx },
      "metrics on": { "CPU µs/answer": withMetrics.cpuUs.toFixed(1), "requests/s": withMetrics.rps.toFixed(0), answers: withMetrics.requests, "non-2xx": withMetrics.non2xx },
    });
    // Figures of refusals or errors are not the cost on a cached page: say so rather than print them as such.
    if (without.non2xx + withMetrics.non2xx > 0) throw new Error(`${without.non2xx + withMetrics.non2xx} answers were not 2xx: these runs did not measure a cached page`);
    const ratio = withMetrics.cpuUs / without.cpuUs;
    console.log(`CPU per answer with the metrics: ${((ratio - 1) * 100).toFixed(1)} % (aim ≤ 5 %: ${ratio <= 1.05 ? "met" : "MISSED"})`);
    if (SAME) return;
    const exposition = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const hits = exposition
      .split("\n")
      .filter((line) => line.startsWith('areaoe_http_request_duration_seconds_count{kind="text",method="GET",status_class="2xx",cache="hit"}'))
      .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    console.log(`the "on" instance counted ${hits} page-cache hits of pages of text (${withMetrics.requests} measured answers, plus the warm-up)`);
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
}

await main();
