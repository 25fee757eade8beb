/**
 * Server figures, all from one run on loopback against the production build:
 * 1. throughput and p50/p99 at 50 connections of an anonymous content page (plain, `?lang=pt` and
 *    `?lang=en`, all answered by the page cache's early path), a signed-in page, a
 *    hashed asset, and two plain node:http servers answering from memory: the content page's bytes
 *    alone, and the whole response as the portal sends it (the same status line, headers and body,
 *    captured once), with each row's ratio to both. The load generator runs on the same machine, and
 *    its cost per response grows with the bytes it parses: the second reference puts the same bytes
 *    on the wire, so its ratio is the portal's own work per response (the aim, at least 0.8×
 *    plain, is printed against both);
 * 2. the server's CPU time per request (median) of the content page with the page cache off, read
 *    from the Linux scheduler's account of the server's main thread, where all rendering happens. It
 *    runs first, before any load, after a long warm-up: the steady state of a server that has been
 *    answering for a while (JIT-optimised), not the tail of a load test;
 * 3. a load test at 200 connections on the anonymous page, the signed-in page and the search page,
 *    counting 5xx answers (503 is the overload answer; any other 5xx is a fault).
 * Usage: npx tsx scripts/bench/server.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, get, type IncomingMessage, type OutgoingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { demoSignIn } from "../harness/demo-sign-in";
import { freePort, median, percentile, startProductionServer, type RunningServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CONNECTIONS = 50;
const OVERLOAD_CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CPU_SAMPLES = Number(process.env.BENCH_CPU_SAMPLES ?? 600);
const CPU_WARM_UP = Number(process.env.BENCH_CPU_WARM_UP ?? 500);

const CONTENT_PAGE = "/areaOE/public/importacao";
const SIGNED_IN_PAGE = "/areaOE/public/primeirosPassos";
const SEARCH_PAGE = "/areaOE/public/pesquisa?q=certificado";

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests without an answer within autocannon's 10 s (counted in errors too). */
  timeouts: number;
  status5xx: number;
  status503: number;
}

async function load(target: string, url: string, connections: number, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Connection errors (timeouts included) and every non-2xx answer count as errors.
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    status5xx: result["5xx"],
    status503: result.statusCodeStats["503"]?.count ?? 0,
  };
}

/** Nanoseconds the process's main thread has spent on a CPU (Linux: /proc/<pid>/schedstat). */
function mainThreadCpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

/** CPU milliseconds per request, one request at a time (nothing else runs on that server meanwhile). */
async function cpuPerRequest(server: RunningServer, url: string, headers: Record<string, string> = {}): Promise<number[]> {
  const once = async () => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
  for (let i = 0; i < CPU_WARM_UP; i += 1) await once(); // warm-up (JIT, lazily loaded modules)
  const samples: number[] = [];
  for (let i = 0; i < CPU_SAMPLES; i += 1) {
    const before = mainThreadCpuNs(server.pid);
    await once();
    samples.push((mainThreadCpuNs(server.pid) - before) / 1e6);
  }
  return samples;
}

function plainServer(body: Buffer, headers: OutgoingHttpHeaders = { "Content-Type": "text/html; charset=utf-8" }): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, "Content-Length": body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The response as a client without Accept-Encoding gets it (autocannon sends none): headers and body. */
function capture(url: string): Promise<{ headers: OutgoingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: OutgoingHttpHeaders = {};
        // Per-connection and per-response framing is the server's own; everything else is replayed.
        for (const [name, value] of Object.entries(res.headers)) {
          if (!["connection", "keep-alive", "content-length", "transfer-encoding", "date"].includes(name) && value !== undefined) headers[name] = value;
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

function printRows(rows: Row[], reference?: Row, sameResponse?: Row): void {
  console.table(
    rows.map((row) => ({
      target: row.target,
      "req/s": Math.round(row.rps),
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      errors: row.errors,
      ...(reference
        ? { "× plain": (row.rps / reference.rps).toFixed(2), ...(sameResponse ? { "× same response": (row.rps / sameResponse.rps).toFixed(2) } : {}) }
        : { timeouts: row.timeouts, "5xx": row.status5xx, "of which 503": row.status503 }),
    })),
  );
}

async function main(): Promise<void> {
  const asset = readdirSync(path.join(buildDir, "client", "assets")).find((name) => /^entry\.client-.*\.js$/.test(name));
  if (!asset) throw new Error(`no entry.client chunk in ${buildDir}/client/assets: run the build first`);
  // Both servers as two instances of one deployment: demo sign-in, one shared session secret.
  // This bench measures render throughput from one address: the per-client render budget
  // (scripts/bench/availability.bench.ts measures it) is raised out of the way.
  const env = {
    AREAOE_DEV_IDP: "1",
    AREAOE_SESSION_SECRET: randomBytes(32).toString("base64url"),
    AREAOE_LIMITS: JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000, requestsPerSecond: 0 }),
  };
  const cached = await startProductionServer(await freePort(), buildDir, env);
  const uncached = await startProductionServer(await freePort(), buildDir, { ...env, AREAOE_PAGE_CACHE: "off" });
  let reference: Server | undefined;
  let sameResponseReference: Server | undefined;
  try {
    const cookie = await demoSignIn(cached.origin);
    const signedIn = { cookie };
    const pageBytes = Buffer.from(await (await fetch(`${cached.origin}${CONTENT_PAGE}`)).arrayBuffer());
    reference = await plainServer(pageBytes);
    const referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}/`;
    const response = await capture(`${cached.origin}${CONTENT_PAGE}`);
    sameResponseReference = await plainServer(response.body, response.headers);
    const sameResponseUrl = `http://127.0.0.1:${(sameResponseReference.address() as AddressInfo).port}/`;

    console.log(`\nServer CPU per request (main thread, ${CPU_SAMPLES} sequential requests after ${CPU_WARM_UP} warm-up requests, before any load)`);
    const cpuRows: [string, number[]][] = [
      [`content page, page cache off`, await cpuPerRequest(uncached, `${uncached.origin}${CONTENT_PAGE}`)],
      [`content page, from the page cache`, await cpuPerRequest(cached, `${cached.origin}${CONTENT_PAGE}`)],
      [`signed-in page`, await cpuPerRequest(cached, `${cached.origin}${SIGNED_IN_PAGE}`, signedIn)],
    ];
    console.table(
      cpuRows.map(([target, samples]) => ({
        target,
        "median ms": median(samples).toFixed(2),
        "p90 ms": percentile(samples, 0.9).toFixed(2),
      })),
    );

    console.log(`\nThroughput: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, build ${buildDir}`);
    const plain = await load("plain node:http, the content page's bytes from memory", referenceUrl, CONNECTIONS);
    const same = await load("plain node:http, the portal's response (headers and body) from memory", sameResponseUrl, CONNECTIONS);
    const rows = [
      await load(`anonymous content page ${CONTENT_PAGE}`, `${cached.origin}${CONTENT_PAGE}`, CONNECTIONS),
      // Its alternate-language address (answered by the same early path, with the cookie).
      await load(`anonymous content page ${CONTENT_PAGE}?lang=pt`, `${cached.origin}${CONTENT_PAGE}?lang=pt`, CONNECTIONS),
      await load(`anonymous content page ${CONTENT_PAGE}?lang=en`, `${cached.origin}${CONTENT_PAGE}?lang=en`, CONNECTIONS),
      await load(`signed-in page ${SIGNED_IN_PAGE}`, `${cached.origin}${SIGNED_IN_PAGE}`, CONNECTIONS, signedIn),
      await load(`hashed asset ${asset.replace(/-[\w-]{8}\.js$/, ".js")}`, `${cached.origin}/areaOE/assets/${asset}`, CONNECTIONS),
      plain,
      same,
    ];
    printRows(rows, plain, same);
    // Anonymous pages, with or without ?lang=, at least 0.8× the plain server.
    const anonymous = rows.slice(0, 3);
    for (const [name, reference] of [["the page's bytes", plain], ["the same response", same]] as const) {
      const worst = Math.min(...anonymous.map((row) => row.rps / reference.rps));
      console.log(
        `anonymous pages with and without ?lang=: worst ${worst.toFixed(2)}× plain node:http serving ${name} (aim ≥ 0.80: ${worst >= 0.8 ? "met" : "MISSED"})`,
      );
    }
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    console.log(errors === 0 ? "errors: 0" : `errors: ${errors} (aim: 0)`);

    console.log(`\nLoad test: ${OVERLOAD_CONNECTIONS} connections, ${DURATION_S} s each (aim: no 5xx on cached pages, only 503 elsewhere)`);
    printRows([
      await load(`anonymous ${CONTENT_PAGE}`, `${cached.origin}${CONTENT_PAGE}`, OVERLOAD_CONNECTIONS),
      await load(`signed-in ${SIGNED_IN_PAGE}`, `${cached.origin}${SIGNED_IN_PAGE}`, OVERLOAD_CONNECTIONS, signedIn),
      await load(`search ${SEARCH_PAGE}`, `${cached.origin}${SEARCH_PAGE}`, OVERLOAD_CONNECTIONS),
    ]);
  } finally {
    reference?.close();
    sameResponseReference?.close();
    await Promise.all([cached.stop(), uncached.stop()]);
  }
}

await main();
