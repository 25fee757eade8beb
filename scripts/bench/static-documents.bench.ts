/**
 * Pages of text as static documents (the same bytes for every visitor), one run on loopback against the production build:
 * throughput of a page of text with brotli, with gzip and without Accept-Encoding, each against a
 * plain node:http server (a process of its own, like the portal) answering the same stored response
 * (status line, headers and the same encoded bytes, captured from the portal), in the same run and
 * interleaved (plain, portal, portal, plain) so that a change of the machine's load hits both alike;
 * then `304` throughput to If-None-Match, against the plain server answering the same 304. Prints
 * the ratio to plain and the aim (at least 0.8× for every coding), whether two answers are
 * byte-identical, and the machine's load average. On a shared machine the request rates move with
 * everyone else's work: each row also gives the CPU time each server's main thread spent per answer
 * (Linux: /proc/<pid>/schedstat over the same runs), which other processes move far less.
 * Before and after a change, in one run: BENCH_BASELINE_BUILD names a second build (the one before,
 * e.g. `cp -a build build-before` first; a folder beside node_modules), started beside this one and
 * measured in the same interleaved runs (plain, before, after, after, before, plain), against the
 * same plain server.
 * Usage: npx tsx scripts/bench/static-documents.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startProductionServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const PAGE = "/areaOE/public/importacao";
const BASELINE = process.env.BENCH_BASELINE_BUILD ? path.resolve(process.env.BENCH_BASELINE_BUILD) : undefined;

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** One answer as sent (no decoding): what the plain server replays. */
function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const replayed: OutgoingHttpHeaders = {};
        // Per-connection framing and the date are the plain server's own; everything else is replayed.
        for (const [name, value] of Object.entries(res.headers as IncomingHttpHeaders)) {
          if (!["connection", "keep-alive", "transfer-encoding", "date"].includes(name) && value !== undefined) replayed[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers: replayed, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

// The plain server: node:http answering every request with one captured answer from memory, in a
// process of its own (the load generator runs in this one, as it does for the portal).
const PLAIN_SERVER = `
const { createServer } = require("node:http");
const { readFileSync } = require("node:fs");
const answer = JSON.parse(readFileSync(process.env.ANSWER_FILE, "utf8"));
const body = Buffer.from(answer.body, "base64");
const server = createServer((_req, res) => {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.status === 304 ? undefined : body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

interface Plain {
  url: string;
  pid: number;
  child: ChildProcess;
}

const scratch = mkdtempSync(path.join(tmpdir(), "areaoe-static-bench-"));

async function plainServer({ status, headers, body }: Captured, name: string): Promise<Plain> {
  const file = path.join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ status, headers, body: body.toString("base64") }));
  const child = spawn(process.execPath, ["-e", PLAIN_SERVER], { env: { ...process.env, ANSWER_FILE: file }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").trim()));
    child.once("exit", (code) => reject(new Error(`the plain server exited with ${String(code)}`)));
  });
  return { url: `http://127.0.0.1:${port}${PAGE}`, pid: child.pid ?? 0, child };
}

/** Nanoseconds a process's main thread has spent on a CPU (Linux: /proc/<pid>/schedstat). */
function cpuNs(pid: number): number {
  const [onCpu = "NaN"] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/);
  return Number(onCpu);
}

interface Rate {
  rps: number;
  requests: number;
  cpuNs: number;
  errors: number;
  statuses: Record<string, number>;
}

async function rate(url: string, pid: number, headers: Record<string, string>): Promise<Rate> {
  const before = cpuNs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
  return { rps: result.requests.average, requests: result.requests.total, cpuNs: cpuNs(pid) - before, errors: result.errors, statuses };
}

interface Merged {
  rps: number;
  /** Microseconds of the server's main thread per answer. */
  cpuUs: number;
  errors: number;
  statuses: Record<string, number>;
}

const merge = (a: Rate, b: Rate): Merged => ({
  rps: (a.rps + b.rps) / 2,
  cpuUs: (a.cpuNs + b.cpuNs) / (a.requests + b.requests) / 1_000,
  errors: a.errors + b.errors,
  statuses: Object.fromEntries([...new Set([...Object.keys(a.statuses), ...Object.keys(b.statuses)])].map((code) => [code, (a.statuses[code] ?? 0) + (b.statuses[code] ?? 0)])),
});

interface Portal {
  name: string;
  url: string;
  pid: number;
}

/** Plain, each portal, each portal again in reverse, plain: the mean of each, so that drift in the machine's load hits all alike. */
async function compare(portals: readonly Portal[], plain: Plain, headers: Record<string, string>, portalHeaders: readonly Record<string, string>[] = []): Promise<{ portals: Merged[]; plain: Merged }> {
  const plainA = await rate(plain.url, plain.pid, headers);
  const first: Rate[] = [];
  for (const [index, portal] of portals.entries()) first.push(await rate(portal.url, portal.pid, portalHeaders[index] ?? headers));
  const second: Rate[] = [];
  for (const [index, portal] of [...portals.entries()].reverse()) second.unshift(await rate(portal.url, portal.pid, portalHeaders[index] ?? headers));
  const plainB = await rate(plain.url, plain.pid, headers);
  return { portals: portals.map((_portal, index) => merge(first[index] as Rate, second[index] as Rate)), plain: merge(plainA, plainB) };
}

/** A table row's figures for each portal (the current build's columns first, then the baseline's, prefixed). */
function columns(portals: readonly Portal[], measured: Merged[], plain: Merged): Record<string, string | number> {
  const row: Record<string, string | number> = {};
  portals.forEach((portal, index) => {
    const mine = measured[index] as Merged;
    const prefix = portal.name === "portal" ? "portal" : portal.name;
    row[`${prefix} req/s`] = Math.round(mine.rps);
    row[`${prefix} × plain`] = (mine.rps / plain.rps).toFixed(2);
    row[`${prefix} CPU µs/answer`] = mine.cpuUs.toFixed(0);
    row[`${prefix} × plain (CPU)`] = (plain.cpuUs / mine.cpuUs).toFixed(2);
  });
  row["plain req/s"] = Math.round(plain.rps);
  row["plain CPU µs/answer"] = plain.cpuUs.toFixed(0);
  row.errors = measured.reduce((sum, one) => sum + one.errors, plain.errors);
  return row;
}

async function main(): Promise<void> {
  const env = { AREAOE_LIMITS: JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000, requestsPerSecond: 0 }) };
  const portal = await startProductionServer(await freePort(), buildDir, env);
  const baseline = BASELINE ? await startProductionServer(await freePort(), BASELINE, env) : undefined;
  const plains: Plain[] = [];
  try {
    const url = `${portal.origin}${PAGE}`;
    const portals: Portal[] = [{ name: "portal", url, pid: portal.pid }, ...(baseline ? [{ name: "before", url: `${baseline.origin}${PAGE}`, pid: baseline.pid }] : [])];
    const codings = [
      { name: "brotli", headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
      { name: "gzip", headers: { "accept-encoding": "gzip, deflate" } },
      { name: "no Accept-Encoding", headers: {} as Record<string, string> },
    ];
    console.log(`\nStatic documents: ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${2 + 2 * portals.length} runs per row (plain, ${portals.map((one) => one.name).join(", ")}, the same in reverse, plain), build ${buildDir}${baseline ? `, before: ${BASELINE}` : ""}`);
    console.log(`load average at start ${loadavg().map((value) => value.toFixed(2)).join(", ")} on ${availableParallelism()} cores (other work on the machine moves the figures)`);
    for (const one of portals) await capture(one.url, {}); // stores the page
    // Warm-up: the servers' code paths compiled (JIT) before anything is measured.
    for (const { headers } of codings) for (const one of portals) await autocannon({ url: one.url, connections: CONNECTIONS, duration: 2, headers });
    const rows: Record<string, string | number>[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    let etag = "";
    for (const { name, headers } of codings) {
      const first = await capture(url, headers);
      const second = await capture(url, headers);
      if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
      if (name === "no Accept-Encoding") etag = String(first.headers.etag ?? "");
      const plain = await plainServer(first, name.replace(/\W+/g, "-"));
      plains.push(plain);
      await autocannon({ url: plain.url, connections: CONNECTIONS, duration: 2, headers });
      const measured = await compare(portals, plain, headers);
      const mine = measured.portals[0] as Merged;
      ratios.push(mine.rps / measured.plain.rps);
      cpuRatios.push(measured.plain.cpuUs / mine.cpuUs);
      rows.push({ coding: name, "bytes sent": first.body.length, "byte-identical twice": first.body.equals(second.body) ? "yes" : "NO", ...columns(portals, measured.portals, measured.plain) });
    }
    // Revalidation: If-None-Match with the page's tag, answered 304 without a body.
    const conditional = { "if-none-match": etag };
    const notModified = await capture(url, conditional);
    if (notModified.status !== 304) throw new Error(`If-None-Match ${etag} answered ${notModified.status}, not 304`);
    const plain304 = await plainServer(notModified, "not-modified");
    plains.push(plain304);
    await autocannon({ url: plain304.url, connections: CONNECTIONS, duration: 2, headers: conditional });
    // (Each build's tag is its own: each portal is asked with its own.)
    const conditionals = await Promise.all(portals.map(async (one) => ({ "if-none-match": String((await capture(one.url, {})).headers.etag ?? "") })));
    for (const [index, one] of portals.entries()) await autocannon({ url: one.url, connections: CONNECTIONS, duration: 2, headers: conditionals[index] });
    const revalidation = await compare(portals, plain304, conditional, conditionals);
    rows.push({ coding: "304 to If-None-Match", "bytes sent": 0, "byte-identical twice": "-", ...columns(portals, revalidation.portals, revalidation.plain) });
    console.table(rows);
    const answered304 = (revalidation.portals[0] as Merged).statuses["304"] ?? 0;
    const all = Object.values((revalidation.portals[0] as Merged).statuses).reduce((sum, count) => sum + count, 0);
    console.log(`304 answers: ${answered304} of ${all} conditional requests`);
    const worst = Math.min(...ratios);
    console.log(`pages of text, every coding: worst ${worst.toFixed(2)}× the plain server sending the same bytes (aim ≥ 0.80: ${worst >= 0.8 ? "met" : "MISSED"})`);
    const worstCpu = Math.min(...cpuRatios);
    console.log(`the same by CPU per answer (plain's ÷ the portal's main-thread time): worst ${worstCpu.toFixed(2)}× (aim ≥ 0.80: ${worstCpu >= 0.8 ? "met" : "MISSED"})`);
    console.log(`load average at end ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
  } finally {
    for (const plain of plains) plain.child.kill("SIGTERM");
    await portal.stop();
    await baseline?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
