/**
 * Pages of text as static documents (issue 30), one run on loopback against the production build:
 * throughput of a page of text with brotli, with gzip and without Accept-Encoding, each against a
 * plain node:http server answering the same stored response (status line, headers and the same
 * encoded bytes, captured from the portal), in the same run and interleaved (plain, portal, portal,
 * plain) so that a change of the machine's load hits both alike; then `304` throughput to
 * If-None-Match, against the plain server answering the same 304. Prints the ratio to plain and the
 * aim (at least 0.8× for every coding), whether two answers are byte-identical, and the machine's
 * load average (other work on the machine moves the figures; the ratios less so).
 * Usage: npx tsx scripts/bench/static-documents.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startProductionServer } from "./start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const PAGE = "/areaOE/public/importacao";

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

/** A plain node:http server answering every request with the captured answer, from memory. */
async function plainServer({ status, headers, body }: Captured): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(status === 304 ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${PAGE}` };
}

async function rate(url: string, headers: Record<string, string>): Promise<{ rps: number; errors: number; statuses: Record<string, number> }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
  return { rps: result.requests.average, errors: result.errors, statuses };
}

/** Plain, portal, portal, plain: the mean of each, so that drift in the machine's load hits both. */
async function compare(portalUrl: string, plainUrl: string, headers: Record<string, string>) {
  const plainA = await rate(plainUrl, headers);
  const portalA = await rate(portalUrl, headers);
  const portalB = await rate(portalUrl, headers);
  const plainB = await rate(plainUrl, headers);
  const merge = (a: typeof plainA, b: typeof plainA) => ({
    rps: (a.rps + b.rps) / 2,
    errors: a.errors + b.errors,
    statuses: Object.fromEntries([...new Set([...Object.keys(a.statuses), ...Object.keys(b.statuses)])].map((code) => [code, (a.statuses[code] ?? 0) + (b.statuses[code] ?? 0)])),
  });
  return { portal: merge(portalA, portalB), plain: merge(plainA, plainB) };
}

async function main(): Promise<void> {
  const env = { AREAOE_LIMITS: JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000 }) };
  const portal = await startProductionServer(await freePort(), buildDir, env);
  const servers: Server[] = [];
  try {
    const url = `${portal.origin}${PAGE}`;
    const codings = [
      { name: "brotli", headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
      { name: "gzip", headers: { "accept-encoding": "gzip, deflate" } },
      { name: "no Accept-Encoding", headers: {} as Record<string, string> },
    ];
    console.log(`\nStatic documents: ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s per run, 4 runs per row (plain, portal, portal, plain), build ${buildDir}`);
    console.log(`load average at start ${loadavg().map((value) => value.toFixed(2)).join(", ")} on ${availableParallelism()} cores (other work on the machine moves the figures)`);
    await capture(url, {}); // stores the page
    const rows: Record<string, string | number>[] = [];
    const ratios: number[] = [];
    let etag = "";
    for (const { name, headers } of codings) {
      const first = await capture(url, headers);
      const second = await capture(url, headers);
      if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
      if (name === "no Accept-Encoding") etag = String(first.headers.etag ?? "");
      const plain = await plainServer(first);
      servers.push(plain.server);
      const { portal: mine, plain: theirs } = await compare(url, plain.url, headers);
      ratios.push(mine.rps / theirs.rps);
      rows.push({
        coding: name,
        "bytes sent": first.body.length,
        "byte-identical twice": first.body.equals(second.body) ? "yes" : "NO",
        "portal req/s": Math.round(mine.rps),
        "plain req/s": Math.round(theirs.rps),
        "× plain": (mine.rps / theirs.rps).toFixed(2),
        errors: mine.errors + theirs.errors,
      });
    }
    // Revalidation: If-None-Match with the page's tag, answered 304 without a body.
    const conditional = { "if-none-match": etag };
    const notModified = await capture(url, conditional);
    if (notModified.status !== 304) throw new Error(`If-None-Match ${etag} answered ${notModified.status}, not 304`);
    const plain304 = await plainServer(notModified);
    servers.push(plain304.server);
    const revalidation = await compare(url, plain304.url, conditional);
    rows.push({
      coding: "304 to If-None-Match",
      "bytes sent": 0,
      "byte-identical twice": "-",
      "portal req/s": Math.round(revalidation.portal.rps),
      "plain req/s": Math.round(revalidation.plain.rps),
      "× plain": (revalidation.portal.rps / revalidation.plain.rps).toFixed(2),
      errors: revalidation.portal.errors + revalidation.plain.errors,
    });
    console.table(rows);
    const answered304 = revalidation.portal.statuses["304"] ?? 0;
    const all = Object.values(revalidation.portal.statuses).reduce((sum, count) => sum + count, 0);
    console.log(`304 answers: ${answered304} of ${all} conditional requests`);
    const worst = Math.min(...ratios);
    console.log(`pages of text, every coding: worst ${worst.toFixed(2)}× the plain server sending the same bytes (aim ≥ 0.80: ${worst >= 0.8 ? "met" : "MISSED"})`);
    console.log(`load average at end ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
  } finally {
    for (const server of servers) server.close();
    await portal.stop();
  }
}

await main();
