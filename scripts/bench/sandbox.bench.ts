/**
 * The header sandbox under load, against the production build on loopback:
 * 1. CPU per check: the server main thread's CPU time (Linux scheduler account) for one
 *    POST /areaOE/sandbox/soap with a fresh, valid header for the sandbox's 4096-bit test key, one
 *    at a time after a warm-up (median and p90);
 * 2. checks per second through POST /areaOE/sandbox/soap at SANDBOX_CONNECTIONS connections;
 * 3. the p99 latency of a cached page (the import page, served from the page cache) alone, and again
 *    while the sandbox takes that load at the same time, with the ratio.
 * Aims: at most 5 ms of CPU per 4096-bit check; page p99 under sandbox load at most 1.5× alone.
 * The sandbox's rate limit (30 checks a minute per client) is lifted for this server only, through the
 * bench-only variable AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT, which has effect only with its exact value
 * and a loopback HOST (server/sandbox/sandbox-router.ts).
 * Usage: npx tsx scripts/bench/sandbox.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { wrapInEnvelope } from "@areaoe/security-header";
// The variable alone (setting-records.ts imports only zod): the sandbox router pulls in the app's stylesheet, which tsx cannot load.
import { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE } from "../../server/config/setting-records";
import { freePort, median, percentile, startProductionServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SANDBOX_CONNECTIONS = Number(process.env.BENCH_SANDBOX_CONNECTIONS ?? 4);
const PAGE_CONNECTIONS = 10;
const CPU_SAMPLES = Number(process.env.BENCH_SANDBOX_CPU_SAMPLES ?? 200);
const CPU_WARM_UP = 50;
const CACHED_PAGE = "/areaOE/public/importacao";
const SOAP = "/areaOE/sandbox/soap";
const CPU_AIM_MS = 5;
const P99_AIM_RATIO = 1.5;

function mainThreadCpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

const port = await freePort();
// One client, flat out: the per-client request budget (flood.bench.ts measures it) is off too.
const server = await startProductionServer(port, buildDir, { [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE, AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0 }) });
try {
  const pem = await (await fetch(`${server.origin}/areaOE/sandbox/test-certificate.pem`)).text();
  const publicKey = parseAuthorityKey(pem);
  const keyBits = publicKey.keySizeBits;
  // A fresh header for every request (Created is checked against the clock; a Nonce is never reused).
  const request = async () =>
    wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "bench", publicKey, form: "digest" })).xml, "<ping/>");
  const post = async (body: string) => {
    const response = await fetch(`${server.origin}${SOAP}`, { method: "POST", headers: { "Content-Type": "text/xml" }, body });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${SOAP} answered ${response.status} (is the rate limit lifted, the checker on?)`);
  };

  // 1. CPU per check, one at a time.
  for (let i = 0; i < CPU_WARM_UP; i += 1) await post(await request());
  const cpu: number[] = [];
  for (let i = 0; i < CPU_SAMPLES; i += 1) {
    const body = await request();
    const before = mainThreadCpuNs(server.pid);
    await post(body);
    cpu.push((mainThreadCpuNs(server.pid) - before) / 1e6);
  }

  // Bodies made ahead, so the load generator spends its time sending (each is valid for a minute).
  const bodies = await Promise.all(Array.from({ length: 400 }, request));
  let next = 0;
  const sandboxLoad = () =>
    autocannon({
      url: `${server.origin}${SOAP}`,
      connections: SANDBOX_CONNECTIONS,
      duration: DURATION_S,
      method: "POST",
      headers: { "Content-Type": "text/xml" },
      requests: [{ setupRequest: (req) => ({ ...req, body: bodies[(next += 1) % bodies.length] }) }],
    });
  const pageLoad = () => autocannon({ url: `${server.origin}${CACHED_PAGE}`, connections: PAGE_CONNECTIONS, duration: DURATION_S });

  // 2 and 3.
  await (await fetch(`${server.origin}${CACHED_PAGE}`)).arrayBuffer(); // the page is now cached
  const pageAlone = await pageLoad();
  const sandboxAlone = await sandboxLoad();
  const [pageUnderLoad, sandboxUnderPages] = await Promise.all([pageLoad(), sandboxLoad()]);

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const cpuMedian = median(cpu);
  const ratio = pageUnderLoad.latency.p99 / Math.max(pageAlone.latency.p99, 1);
  console.log(`Sandbox key: ${keyBits}-bit RSA (the local test key); node ${process.versions.node} on the server side too (same binary).`);
  console.log(`CPU per check (server main thread, ${CPU_SAMPLES} checks one at a time): median ${ms(cpuMedian)}, p90 ${ms(percentile(cpu, 0.9))}  aim ≤ ${CPU_AIM_MS} ms: ${cpuMedian <= CPU_AIM_MS ? "met" : "NOT met"}`);
  console.log(`Checks per second (${SANDBOX_CONNECTIONS} connections, ${DURATION_S} s, rate limit lifted): ${sandboxAlone.requests.average.toFixed(0)}/s, p99 ${sandboxAlone.latency.p99} ms, non-2xx ${sandboxAlone.non2xx}, errors ${sandboxAlone.errors}`);
  console.log(`  while pages load too: ${sandboxUnderPages.requests.average.toFixed(0)}/s, non-2xx ${sandboxUnderPages.non2xx}`);
  console.log(`Cached page ${CACHED_PAGE} (${PAGE_CONNECTIONS} connections): alone p99 ${pageAlone.latency.p99} ms (p50 ${pageAlone.latency.p50} ms, ${pageAlone.requests.average.toFixed(0)} req/s)`);
  console.log(`  under the sandbox load: p99 ${pageUnderLoad.latency.p99} ms (p50 ${pageUnderLoad.latency.p50} ms, ${pageUnderLoad.requests.average.toFixed(0)} req/s)`);
  console.log(`  ratio ${ratio.toFixed(2)}×  aim ≤ ${P99_AIM_RATIO}×: ${ratio <= P99_AIM_RATIO ? "met" : "NOT met"}`);
} finally {
  await server.stop();
}
