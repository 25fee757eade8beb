/**
 * A flood from one address, against the production build on loopback: another visitor's p99 for a
 * cached page (127.0.0.3, 50 requests a second, as a busy browser) while one address (127.0.0.2)
 * floods the same cached page flat out on 4 kept-alive connections, on the bare server and through
 * the project's own deploy/haproxy.cfg (its frontend as written, bound to loopback), each with its
 * per-address limit off and on: the portal's request budget (limits.requestsPerSecond, default 100 a
 * second, burst 1000) and HAProxy's stick table (AREAOE_EDGE_REQUESTS_PER_10S, default 1000 in 10 s).
 * Each row says what the flood received (by status), the visitor's p99 against alone, and the
 * portal's main-thread CPU over the row.
 * Usage: npx tsx scripts/bench/flood.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { haproxyMissing, startLoopbackHaproxy, type RunningHaproxy } from "../harness/local-haproxy";
import { freePort, percentile, sendRequest, startProductionServer, type RunningServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 8) * 1000;
const CACHED_PAGE = "/areaOE/public/importacao";
const FLOOD_FROM = "127.0.0.2";
const VISITOR_FROM = "127.0.0.3";
const FLOOD_CONNECTIONS = 4;
const VISITOR_PER_SECOND = 50;
/** HAProxy's limit "off": more than any loopback flood makes in 10 s. */
const EDGE_OFF = "1000000000";

/** The visitor: one request every 1/50 s on one kept-alive connection until `until`; latencies in ms. */
async function visitor(origin: URL, until: number): Promise<{ latencies: number[]; refused: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: VISITOR_FROM });
  const latencies: number[] = [];
  let refused = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const status = await sendRequest(origin, agent, CACHED_PAGE, { headers: { "Accept-Language": "pt-PT" } });
    const took = performance.now() - started;
    latencies.push(took);
    if (status !== 200) refused += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / VISITOR_PER_SECOND - took)));
  }
  agent.destroy();
  return { latencies, refused };
}

/** The flood: the cached page flat out from one address on FLOOD_CONNECTIONS connections until `until`. */
async function flood(origin: URL, until: number): Promise<{ perSecond: number; answers: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS, localAddress: FLOOD_FROM });
  const statuses = new Map<number, number>();
  let sent = 0;
  const connection = async () => {
    while (Date.now() < until) {
      const status = await sendRequest(origin, agent, CACHED_PAGE, { headers: { "Accept-Language": "pt-PT" } });
      sent += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, connection));
  agent.destroy();
  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status}`).join(", ");
  return { perSecond: sent / (DURATION_MS / 1000), answers };
}

const pad = (text: string, width: number) => text.padEnd(width);
let aloneP99 = Number.NaN;

/** Nanoseconds the portal's main thread has spent on a CPU (Linux: /proc/<pid>/schedstat). */
function mainThreadCpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

/**
 * One row: the visitor's p50 and p99 (and against alone), its refusals, the portal's main-thread CPU
 * over the row (a share of one core: what the flood costs the instance, less noisy than a p99 on a
 * shared machine) and what the flood received.
 */
async function row(label: string, origin: string, portalPid: number, withFlood: boolean): Promise<void> {
  const url = new URL(origin);
  const until = Date.now() + DURATION_MS;
  const cpuBefore = mainThreadCpuNs(portalPid);
  const [seen, attack] = await Promise.all([visitor(url, until), withFlood ? flood(url, until) : Promise.resolve(undefined)]);
  const cpuShare = (mainThreadCpuNs(portalPid) - cpuBefore) / 1e6 / DURATION_MS;
  const p99 = percentile(seen.latencies, 0.99);
  if (!withFlood && Number.isNaN(aloneP99)) aloneP99 = p99;
  const ratio = p99 / aloneP99;
  console.log(
    `${pad(label, 44)}${pad(percentile(seen.latencies, 0.5).toFixed(2), 9)}${pad(p99.toFixed(2), 9)}${pad(ratio.toFixed(2), 9)}${pad(String(seen.refused), 9)}${pad(`${(cpuShare * 100).toFixed(0)}%`, 12)}` +
      (attack ? `${attack.perSecond.toFixed(0)}/s: ${attack.answers}` : ""),
  );
}

const servers: { stop: () => Promise<void> }[] = [];
try {
  // HAProxy forwards the Host the visitor sent (X-Forwarded-Host): its addresses are public origins.
  const [portalPort, edgeOffPort, edgeOnPort] = [await freePort(), await freePort(), await freePort()];
  const unlimited: RunningServer = await startProductionServer(portalPort, buildDir, {
    LOG_LEVEL: "error",
    AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0 }),
    AREAOE_PUBLIC_ORIGIN: [portalPort, edgeOffPort, edgeOnPort].map((port) => `http://127.0.0.1:${port}`).join(","),
  });
  servers.push(unlimited);
  const limited: RunningServer = await startProductionServer(await freePort(), buildDir, { LOG_LEVEL: "error" });
  servers.push(limited);
  for (const server of [unlimited, limited]) {
    const warm = new Agent({ keepAlive: true, localAddress: "127.0.0.9" });
    for (let i = 0; i < 200; i += 1) await sendRequest(new URL(server.origin), warm, CACHED_PAGE, { headers: { "Accept-Language": "pt-PT" } });
    warm.destroy();
  }
  console.log(`Cached page ${CACHED_PAGE}: visitor ${VISITOR_FROM} at ${VISITOR_PER_SECOND}/s, flood from ${FLOOD_FROM} flat out on ${FLOOD_CONNECTIONS} connections, ${DURATION_MS / 1000} s per row`);
  console.log(`${pad("case", 44)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("×alone", 9)}${pad("refused", 9)}${pad("portal CPU", 12)}flood: req/s, answers`);
  await row("bare server, visitor alone", unlimited.origin, unlimited.pid, false);
  await row("bare server, flood, portal limit off", unlimited.origin, unlimited.pid, true);
  await row("bare server, flood, portal limit on (100/s)", limited.origin, limited.pid, true);
  const missing = haproxyMissing();
  if (missing) console.log(`(HAProxy rows skipped: ${missing})`);
  else {
    let edge: RunningHaproxy = await startLoopbackHaproxy({ port: edgeOffPort, metricsPort: await freePort(), portalPorts: [portalPort], env: { AREAOE_EDGE_REQUESTS_PER_10S: EDGE_OFF } });
    servers.push(edge);
    aloneP99 = Number.NaN;
    await row("HAProxy, visitor alone", edge.origin, unlimited.pid, false);
    await row("HAProxy, flood, edge limit off", edge.origin, unlimited.pid, true);
    await edge.stop();
    edge = await startLoopbackHaproxy({ port: edgeOnPort, metricsPort: await freePort(), portalPorts: [portalPort] });
    servers.push(edge);
    await row("HAProxy, flood, edge limit on (1000/10 s)", edge.origin, unlimited.pid, true);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
}
