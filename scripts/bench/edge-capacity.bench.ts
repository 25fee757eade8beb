/**
 * Capacity for the sizing table (docs/scaling.md "Sizing for a deadline day", issue 50), in one run on
 * loopback against the production build:
 * 1. a page of text stored at the edge: answers per second through Varnish (deploy/varnish/areaoe.vcl,
 *    as deployed but for addresses) against nginx serving the same bytes from disk (the mirror that
 *    `npm run mirror` wrote, deploy/nginx/areaoe-mirror.conf), and against one portal instance alone
 *    (its page cache), interleaved (nginx, edge, portal, portal, edge, nginx) so that drift in the
 *    machine's load hits all three; with each server's CPU per answer (all its processes and threads,
 *    Linux /proc), which other work on the machine moves far less than the rates. Aim: the edge at
 *    least 0.9× nginx;
 * 2. the header sandbox's checks per second per core: a portal's CPU (all threads: the verification
 *    pool's RSA decryptions included) per check answered 200 at SANDBOX_CONNECTIONS connections, with
 *    its quotas lifted for this loopback instance (what the CPU allows; the configured quota,
 *    headerChecksPerSecondAllClients, is printed beside it);
 * 3. memory (resident) per instance: started, after the page load, after the sandbox load; and the
 *    edge's and the mirror's.
 * One load generator (autocannon, in this process) on the same cores: past a few thousand answers a
 * second it, not the server, is the limit, so the rates of the edge and of nginx meet at its ceiling;
 * the CPU per answer still tells them apart.
 * Usage: npx tsx scripts/bench/edge-capacity.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Options, type Request } from "autocannon";
import { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE } from "../../server/config/setting-records";
import { loopbackBackends, nginxMissing, startEdge, startMirrorNginx, varnishMissing, writeMirrorOf, type RunningPart } from "../harness/local-edge";
import { sandboxBodies, SANDBOX_SOAP } from "./sandbox-bodies";
import { freePort, startProductionServer, type RunningServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const SANDBOX_CONNECTIONS = Number(process.env.BENCH_SANDBOX_CONNECTIONS ?? 4);
const PAGE = "/areaOE/public/importacao";
/** A browser's request in Portugal, the same to all three (each negotiates the language from it). */
const PAGE_HEADERS = { "accept-encoding": "gzip, deflate", "accept-language": "pt-PT,pt;q=0.9,en-US;q=0.8,en;q=0.7" };
const EDGE_AIM = 0.9;
const TICKS_PER_SECOND = 100;

/** A process and every process below it (nginx's workers, varnishd's cache process). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** CPU seconds (user and system, every thread) of a process tree so far. */
function treeCpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** Resident memory of a process tree, in MB. */
function treeRssMb(pids: readonly number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

interface Server {
  name: string;
  url: string;
  pids: number[];
}

interface Rate {
  rps: number;
  requests: number;
  cpuSeconds: number;
  non2xx: number;
  errors: number;
}

async function rate(server: Server, options: Partial<Options> = {}): Promise<Rate> {
  const before = treeCpuSeconds(server.pids);
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION_S, headers: PAGE_HEADERS, ...options });
  return { rps: result.requests.average, requests: result.requests.total, cpuSeconds: treeCpuSeconds(server.pids) - before, non2xx: result.non2xx, errors: result.errors };
}

const missing = [varnishMissing(), nginxMissing()].filter(Boolean);
if (missing.length > 0) {
  console.log(`capacity bench skipped: ${missing.join("; ")}`);
  process.exit(0);
}

const ports = { portals: [await freePort(), await freePort()] as [number, number], edge: await freePort(), mirror: await freePort() };
const env = {
  AREAOE_PUBLIC_ORIGIN: [ports.edge, ...ports.portals].map((port) => `http://127.0.0.1:${port}`).join(","),
  // The per-client budgets off (one load generator is every client), and the sandbox's quotas lifted.
  AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0, rendersPerSecond: 1_000, renderBurst: 10_000, sandboxChecksPerMinute: 100_000, headerChecksPerSecondAllClients: 100_000 }),
  // The sandbox's per-client rate limit lifted for this loopback server only (as sandbox.bench.ts does).
  [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE,
};
const mirrorParent = mkdtempSync(path.join(tmpdir(), "areaoe-capacity-mirror-"));
chmodSync(mirrorParent, 0o755);
const mirrorDir = path.join(mirrorParent, "current");
let portals: RunningServer[] = [];
let edge: RunningPart | undefined;
let mirror: RunningPart | undefined;
try {
  const started = await Promise.allSettled([...ports.portals.map((port) => startProductionServer(port, buildDir, env)), writeMirrorOf(buildDir, mirrorDir, env)]);
  portals = started.flatMap((result) => (result.status === "fulfilled" && typeof result.value === "object" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  mirror = await startMirrorNginx(ports.mirror, mirrorDir);
  edge = await startEdge(ports.edge, loopbackBackends({ portals: ports.portals, mirror: ports.mirror }));
  const [one] = portals as [RunningServer];
  const memory: Record<string, string | number>[] = [];
  const remember = (moment: string) =>
    memory.push({ moment, ...Object.fromEntries(portals.map((portal, index) => [`instance ${index + 1} MB`, treeRssMb([portal.pid]).toFixed(0)])), "edge MB": treeRssMb(processTree(edge?.pid ?? 0)).toFixed(0), "mirror MB": treeRssMb(processTree(mirror?.pid ?? 0)).toFixed(0) });
  remember("started");

  const servers: Server[] = [
    { name: "nginx (mirror, from disk)", url: `${mirror.origin}${PAGE}`, pids: processTree(mirror.pid) },
    { name: "edge (Varnish, stored)", url: `${edge.origin}${PAGE}`, pids: processTree(edge.pid) },
    { name: "portal alone (page cache)", url: `${one.origin}${PAGE}`, pids: [one.pid] },
  ];
  console.log(`\nA page of text (${PAGE}, gzip, pt): ${CONNECTIONS} connections, ${DURATION_S} s a run, 6 runs (nginx, edge, portal, portal, edge, nginx), build ${buildDir}`);
  console.log(`load average at start ${loadavg().map((value) => value.toFixed(2)).join(", ")} on ${availableParallelism()} cores (other work on the machine moves the rates)`);
  // Stored everywhere, then each code path warmed (JIT) before anything is measured.
  for (const server of servers) await (await fetch(server.url, { headers: PAGE_HEADERS })).arrayBuffer();
  for (const server of servers) await autocannon({ url: server.url, connections: CONNECTIONS, duration: 2, headers: PAGE_HEADERS });
  const first: Rate[] = [];
  for (const server of servers) first.push(await rate(server));
  const second: Rate[] = [];
  for (const server of [...servers].reverse()) second.unshift(await rate(server));
  const merged = servers.map((server, index) => {
    const a = first[index] as Rate;
    const b = second[index] as Rate;
    return { server, rps: (a.rps + b.rps) / 2, cpuUs: ((a.cpuSeconds + b.cpuSeconds) / (a.requests + b.requests)) * 1e6, bad: a.non2xx + b.non2xx + a.errors + b.errors };
  });
  const [nginx, throughEdge, portal] = merged as [(typeof merged)[number], (typeof merged)[number], (typeof merged)[number]];
  console.table(
    merged.map(({ server, rps, cpuUs, bad }) => ({
      server: server.name,
      "answers/s": Math.round(rps),
      "× nginx": (rps / nginx.rps).toFixed(2),
      "CPU µs/answer": cpuUs.toFixed(0),
      "answers/s per core (by CPU)": Math.round(1e6 / cpuUs),
      "× nginx (CPU)": (nginx.cpuUs / cpuUs).toFixed(2),
      "non-2xx or errors": bad,
    })),
  );
  const edgeRatio = throughEdge.rps / nginx.rps;
  const edgeCpuRatio = nginx.cpuUs / throughEdge.cpuUs;
  console.log(`the edge against nginx serving the same bytes: ${edgeRatio.toFixed(2)}× by rate, ${edgeCpuRatio.toFixed(2)}× by CPU per answer (aim ≥ ${EDGE_AIM}: ${Math.min(edgeRatio, edgeCpuRatio) >= EDGE_AIM ? "met" : "MISSED"})`);
  console.log(`the edge against the portal alone: ${(throughEdge.rps / portal.rps).toFixed(2)}× by rate, ${(portal.cpuUs / throughEdge.cpuUs).toFixed(2)}× by CPU per answer`);
  remember("after the page load");

  // 2. The sandbox: one instance, SANDBOX_CONNECTIONS at once, every request a fresh valid header.
  const bodies = await sandboxBodies(one.origin, 600);
  let next = 0;
  const sandbox: Server = { name: "sandbox", url: `${one.origin}${SANDBOX_SOAP}`, pids: [one.pid] };
  const soap = { connections: SANDBOX_CONNECTIONS, method: "POST" as const, headers: { "content-type": "text/xml" }, requests: [{ setupRequest: (req: Request) => ({ ...req, body: bodies[(next += 1) % bodies.length] }) }] };
  await autocannon({ url: sandbox.url, duration: 2, ...soap });
  const checks = await rate(sandbox, soap);
  const answered = checks.requests - checks.non2xx - checks.errors;
  const cpuMsPerCheck = (checks.cpuSeconds / Math.max(answered, 1)) * 1_000;
  console.log(
    `\nSandbox checks (POST ${SANDBOX_SOAP}, ${SANDBOX_CONNECTIONS} connections, ${DURATION_S} s, quotas lifted): ${(answered / DURATION_S).toFixed(0)} answered 200 a second, ${cpuMsPerCheck.toFixed(2)} ms of CPU per check (every thread), so ${(1_000 / cpuMsPerCheck).toFixed(0)} checks/s per core; non-2xx ${checks.non2xx}, errors ${checks.errors}. As configured, an instance takes at most headerChecksPerSecondAllClients of them a second (server/config/schema.ts), far below this.`,
  );
  remember("after the sandbox load");
  console.log("\nMemory (resident set), each instance and the edge's and mirror's processes together:");
  console.table(memory);
  console.log(`load average at end ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
} finally {
  await edge?.stop();
  await mirror?.stop();
  await Promise.all(portals.map((portal) => portal.stop()));
  rmSync(mirrorParent, { recursive: true, force: true });
}
