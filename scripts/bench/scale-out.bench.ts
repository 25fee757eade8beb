/**
 * Several instances sharing Redis, against the production build on loopback: a cached page's p99 with
 * Redis configured (Debian's redis-server, started here on a free port) against without, for one
 * visitor alone (sequential requests on one connection) and under load (autocannon, 10 connections).
 * A cached page is answered before any Redis command, so the aim is at most 1.1× without. The two
 * servers run one after the other, each measured in turn three times (A B A B A B), so that a change of the
 * machine's load shows as a difference between rounds. The Redis commands the measured requests caused are counted (INFO commandstats).
 * Usage: npx tsx scripts/bench/scale-out.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, percentile, startProductionServer, type RunningServer } from "../harness/start-server";
import { redisServerMissing, startTestRedis } from "../../server/shared-state/test-redis-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CACHED_PAGE = "/areaOE/public/importacao";
const ALONE_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 6);

function get(origin: URL, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: origin.hostname, port: origin.port, path: CACHED_PAGE, agent, headers: { "Accept-Language": "pt-PT", "Accept-Encoding": "gzip" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}

async function alone(server: RunningServer): Promise<number> {
  const origin = new URL(server.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  for (let n = 0; n < ALONE_REQUESTS; n += 1) {
    const started = performance.now();
    const status = await get(origin, agent);
    latencies.push(performance.now() - started);
    if (status !== 200) throw new Error(`${CACHED_PAGE} answered ${status}`);
  }
  agent.destroy();
  return percentile(latencies.slice(Math.floor(ALONE_REQUESTS / 10)), 0.99); // the first tenth warms up
}

async function loaded(server: RunningServer): Promise<{ p99: number; perSecond: number; non2xx: number }> {
  const result = await autocannon({ url: `${server.origin}${CACHED_PAGE}`, connections: 10, duration: LOAD_SECONDS, headers: { "accept-language": "pt-PT" } });
  return { p99: result.latency.p99, perSecond: Math.round(result.requests.average), non2xx: result.non2xx };
}

/** Commands Redis has run so far (INFO commandstats: the sum of calls=…). */
const redisCommands = (stats: string) => [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);

async function main(): Promise<void> {
  const missing = redisServerMissing();
  if (missing) {
    console.log(`(${missing})`);
    return;
  }
  const redis = await startTestRedis();
  // The render budget would refuse the warm-up of one address; lifted here (the bench is one client).
  const limits = JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000, requestsPerSecond: 0 });
  const start = async (withRedis: boolean) => {
    const server = await startProductionServer(await freePort(), buildDir, { AREAOE_LIMITS: limits, ...(withRedis ? { AREAOE_REDIS_URL: redis.url } : {}) });
    for (let n = 0; n < 200; n += 1) await fetch(`${server.origin}${CACHED_PAGE}`, { headers: { "accept-language": "pt-PT" } }).then((r) => r.arrayBuffer());
    return server;
  };
  const rows: Record<string, string | number>[] = [];
  try {
    const [without, withRedis] = [await start(false), await start(true)];
    try {
      for (const round of [1, 2, 3]) {
        for (const [label, server] of [["without Redis", without], ["with Redis", withRedis]] as const) {
          const commandsBefore = redisCommands(redis.cli("INFO", "commandstats"));
          const p99Alone = await alone(server);
          const load = await loaded(server);
          // What the measured requests asked of Redis (the cached path: nothing).
          const commands = redisCommands(redis.cli("INFO", "commandstats")) - commandsBefore - 1;
          rows.push({ round, server: label, "p99 alone ms": Number(p99Alone.toFixed(2)), "p99 at 10 connections ms": load.p99, "req/s": load.perSecond, "non-2xx": load.non2xx, "Redis commands": commands });
        }
      }
    } finally {
      await without.stop();
      await withRedis.stop();
    }
  } finally {
    await redis.dispose();
  }
  console.table(rows);
  const median = (label: string, field: string) => {
    const values = rows.filter((row) => row.server === label).map((row) => Number(row[field])).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] as number;
  };
  for (const field of ["p99 alone ms", "p99 at 10 connections ms"]) {
    const ratio = median("with Redis", field) / median("without Redis", field);
    console.log(`${field}: with Redis / without = ${ratio.toFixed(2)}× (median of three rounds each; aim ≤ 1.1×)`);
  }
  console.log(`load average (1, 5, 15 min): ${loadavg().map((value) => value.toFixed(1)).join(", ")} on 2 cores`);
}

await main();
