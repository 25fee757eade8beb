/**
 * Hostile input (deep XML and stalled bodies from a stranger), against the production build on loopback: the p99 latency of a cached
 * page measured alone, then while one stranger
 * 1. posts the deep document (16 KB of `<a>`, the largest the sandbox reads) to the SOAP sandbox,
 *    each request from another address (X-Forwarded-For through the loopback proxy the server trusts
 *    by default, so the per-client limit of 30 a minute does not stop it): paced at 50 a second (100
 *    addresses at their limit), then flat out from 4 connections (a request flood: any endpoint
 *    flooded that hard slows the others), with the server's main-thread CPU per deep document (an
 *    upper bound of how long one holds the event loop: the parse is synchronous);
 * 2. holds 64 checker POSTs whose bodies never finish (headers and a few bytes); then, still holding
 *    them, asks for an uncached page (search results) 20 times: its answers are counted by status.
 * Aim: the cached page's p99 at most 1.5× its p99 alone, and never above 50 ms.
 * The sandbox at full rate with valid headers is h/runtime's scripts/bench/sandbox.bench.ts.
 * Usage: npx tsx scripts/bench/hostile.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest, type ClientRequest } from "node:http";
import path from "node:path";
import { freePort, percentile, startProductionServer, type RunningServer, probeLatencies, sendRequest } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const CACHED_PAGE = "/areaOE/public/importacao";
const UNCACHED_PAGE = "/areaOE/public/pesquisa?q=certificado";
const SOAP = "/areaOE/sandbox/soap";
const CHECKER = "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader";
const DEEP = "<a>".repeat(5_400);
const ATTACK_CONNECTIONS = 4;
const STALLED_BODIES = 64;
// The stalled bodies are refused (408) after the server's 10 s body deadline: measure within it.
const STALLED_MS = Math.min(DURATION_MS, 8_000);

/** Nanoseconds the process's main thread has spent on a CPU (Linux: /proc/<pid>/schedstat). */
function mainThreadCpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

let address = 0;
const nextAddress = () => {
  address = (address + 1) % 65_000;
  return `10.${address >> 8}.${address & 255}.1`;
};



interface Figures {
  label: string;
  p50: number;
  p99: number;
  requests: number;
  note: string;
}

const summary = (label: string, latencies: number[], note = ""): Figures => ({
  label,
  p50: percentile(latencies, 0.5),
  p99: percentile(latencies, 0.99),
  requests: latencies.length,
  note,
});

/** Main-thread CPU of one cached answer to the probe, measured alone (subtracted from the attack's). */
let probeCpuMs = 0;

async function deepDocument(server: RunningServer, origin: URL, perSecond?: number): Promise<Figures> {
  const until = Date.now() + DURATION_MS;
  const agent = new Agent({ keepAlive: true, maxSockets: ATTACK_CONNECTIONS });
  const statuses = new Map<number, number>();
  let sent = 0;
  const cpuBefore = mainThreadCpuNs(server.pid);
  const attacker = async () => {
    while (Date.now() < until) {
      const started = Date.now();
      const status = await sendRequest(origin, agent, SOAP, { method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": nextAddress() }, body: DEEP });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      sent += 1;
      if (perSecond) await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / perSecond - (Date.now() - started))));
    }
  };
  const [latencies] = await Promise.all([probeLatencies(origin, until, CACHED_PAGE), ...Array.from({ length: perSecond ? 1 : ATTACK_CONNECTIONS }, attacker)]);
  const cpuMs = (mainThreadCpuNs(server.pid) - cpuBefore) / 1e6;
  agent.destroy();
  const answers = [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
  // The CPU includes the probe's cached answers, measured alone and taken off.
  const perDocument = Math.max(0, cpuMs - latencies.length * probeCpuMs) / Math.max(1, sent);
  return summary(perSecond ? `deep document, ${perSecond}/s` : "deep document, flat out (4 conn.)", latencies, `${(sent / (DURATION_MS / 1000)).toFixed(0)} deep docs/s (${answers}); ≤ ${perDocument.toFixed(2)} ms main-thread CPU each`);
}

async function stalledBodies(origin: URL): Promise<Figures> {
  const until = Date.now() + STALLED_MS;
  const stalled: ClientRequest[] = [];
  for (let i = 0; i < STALLED_BODIES; i += 1) {
    const req = httpRequest({
      host: origin.hostname,
      port: origin.port,
      path: CHECKER,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "60000", "X-Forwarded-For": nextAddress() },
    });
    req.on("error", () => undefined);
    req.write("envelope=%3Ca");
    stalled.push(req);
  }
  const latencies = await probeLatencies(origin, until, CACHED_PAGE);
  const uncached = new Map<number, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 20; i += 1) {
    const status = await sendRequest(origin, agent, `${UNCACHED_PAGE}&n=${i}`, { headers: { "Accept-Language": "pt-PT" } });
    uncached.set(status, (uncached.get(status) ?? 0) + 1);
  }
  agent.destroy();
  for (const req of stalled) req.destroy();
  const answers = [...uncached].map(([status, count]) => `${count}×${status}`).join(", ");
  return summary(`${STALLED_BODIES} stalled checker bodies`, latencies, `then an uncached search page, 20 times: ${answers}`);
}

// The visitor probes flat out from one address: the per-client request budget (flood.bench.ts measures it) is off.
const server = await startProductionServer(await freePort(), buildDir, { LOG_LEVEL: "error", AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0 }) });
try {
  const origin = new URL(server.origin);
  // Warm-up: the page is rendered once and kept; the deep check's code is JIT-compiled.
  const warm = new Agent({ keepAlive: true });
  for (let i = 0; i < 300; i += 1) await sendRequest(origin, warm, CACHED_PAGE, { headers: { "Accept-Language": "pt-PT" } });
  for (let i = 0; i < 50; i += 1) await sendRequest(origin, warm, SOAP, { method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": nextAddress() }, body: DEEP });
  warm.destroy();

  const cpuBefore = mainThreadCpuNs(server.pid);
  const aloneLatencies = await probeLatencies(origin, Date.now() + DURATION_MS, CACHED_PAGE);
  probeCpuMs = (mainThreadCpuNs(server.pid) - cpuBefore) / 1e6 / aloneLatencies.length;
  const alone = summary("cached page alone", aloneLatencies, `${probeCpuMs.toFixed(2)} ms main-thread CPU each`);
  const rows = [alone, await deepDocument(server, origin, 50), await deepDocument(server, origin), await stalledBodies(origin)];
  // The machine's own noise: the same measurement again at the end.
  rows.push(summary("cached page alone, again", await probeLatencies(origin, Date.now() + DURATION_MS, CACHED_PAGE)));
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(`Cached page ${CACHED_PAGE}, one visitor on one connection, ${DURATION_MS / 1000} s per case; aim: p99 ≤ 1.5× alone and ≤ 50 ms`);
  console.log(`${pad("case", 36)}${pad("requests", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("p99 ×alone", 12)}${pad("aim", 8)}note`);
  for (const row of rows) {
    const ratio = row.p99 / alone.p99;
    const aim = row.label.startsWith("cached page alone") ? "" : ratio <= 1.5 && row.p99 <= 50 ? "met" : "MISSED";
    console.log(
      `${pad(row.label, 36)}${pad(String(row.requests), 10)}${pad(row.p50.toFixed(2), 9)}${pad(row.p99.toFixed(2), 9)}${pad(row === alone ? "" : ratio.toFixed(2), 12)}${pad(aim, 8)}${row.note}`,
    );
  }
} finally {
  await server.stop();
}
