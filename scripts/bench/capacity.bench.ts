/**
 * Capacity of one instance (docs/scaling.md, "Capacity"): the CPU one request of a realistic mix costs
 * the production build on loopback, and from it the requests a second one core answers at 60 % busy,
 * against a plain node:http server answering the same bytes in the same run (its CPU per request is the
 * floor of any Node server on this machine). The mix, per 100 requests: 55 pages of text (from the page
 * cache, pt and en), 25 hashed assets, 8 tool pages (islands, from the page cache with a fresh nonce),
 * 4 searches (rendered), 4 pages rendered for a query (the IVAExp answer), 2 checks on the checker page
 * and 2 SOAP sandbox checks (a valid header: the RSA work in the verification pool's worker threads).
 * The whole process's CPU (main thread and workers, /proc/<pid>/stat) over the measured requests,
 * after a warm-up; the client's own cost is not counted. The per-client limits are raised out of the
 * way (one client here). Without Redis: a cached page touches none (scale-out.bench.ts).
 * Usage: npx tsx scripts/bench/capacity.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { readdirSync, readFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort, startProductionServer } from "../harness/start-server";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { wrapInEnvelope } from "@areaoe/security-header";
// The variable alone (setting-records.ts imports only zod), as sandbox.bench.ts does.
import { BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE } from "../../server/config/setting-records";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const MEASURED = Number(process.env.BENCH_REQUESTS ?? 3_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 600);
const CONNECTIONS = 4;
/** Linux's clock ticks a second (sysconf(_SC_CLK_TCK)): 100 on every common build. */
const TICKS = 100;

/** CPU seconds the whole process has used (user and system, every thread). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

interface Step {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | (() => Promise<string>);
}

async function send(origin: URL, agent: Agent, step: Step): Promise<number> {
  const body = typeof step.body === "function" ? await step.body() : step.body;
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: origin.hostname, port: origin.port, path: step.path, method: step.method ?? "GET", agent, headers: { "accept-encoding": "gzip, br", ...step.headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Runs the steps in turn on CONNECTIONS kept-alive connections until `count` are done; the statuses seen. */
async function drive(origin: URL, steps: Step[], count: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (next < count) {
        const step = steps[next % steps.length] as Step;
        next += 1;
        const status = await send(origin, agent, step);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  return statuses;
}

async function main(): Promise<void> {
  const assets = readdirSync(path.join(buildDir, "client/assets")).filter((name) => /\.(js|css)$/.test(name)).slice(0, 25);
  const port = await freePort();
  const server = await startProductionServer(port, buildDir, {
    [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE,
    AREAOE_LIMITS: JSON.stringify({
      requestsPerSecond: 0,
      rendersPerSecond: 1_000,
      renderBurst: 10_000,
      searchesPerSecond: 1_000,
      searchBurst: 10_000,
      checkerChecksPerMinute: 10_000,
      headerChecksPerSecondAllClients: 1_000,
    }),
  });
  const origin = new URL(server.origin);
  const publicKey = parseAuthorityKey(await (await fetch(`${server.origin}/areaOE/sandbox/test-certificate.pem`)).text());
  const texts = ["/areaOE/public/importacao", "/areaOE/public/exportacao", "/areaOE/public/transito", "/areaOE/public/iecs", "/areaOE/public/webservices"];
  // A fresh, valid header for every check (Created is checked against the clock; a Nonce is never reused).
  const soap = async () => wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "bench", publicKey, form: "digest" })).xml, "<ping/>");
  const mix: Step[] = [];
  for (let n = 0; n < 55; n += 1) mix.push({ path: texts[n % texts.length] ?? "", headers: { "accept-language": n % 3 ? "pt-PT" : "en" } });
  for (const asset of assets) mix.push({ path: `/areaOE/assets/${asset}` });
  for (let n = 0; n < 8; n += 1) mix.push({ path: "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader", headers: { "accept-language": "pt-PT" } });
  for (let n = 0; n < 4; n += 1) mix.push({ path: `/areaOE/public/pesquisa?q=${["certificado", "iva", "transito", "exportacao"][n]}` });
  for (let n = 0; n < 4; n += 1) mix.push({ path: `/areaOE/public/ivaExp?valor=${500 + n * 300}` });
  for (let n = 0; n < 2; n += 1) {
    mix.push({ method: "POST", path: "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader", headers: { "content-type": "application/x-www-form-urlencoded" }, body: async () => `envelope=${encodeURIComponent(await soap())}` });
    mix.push({ method: "POST", path: "/areaOE/sandbox/soap", headers: { "content-type": "text/xml; charset=utf-8" }, body: soap });
  }
  // Spread the renders and checks among the pages, as visitors would.
  const shuffled = mix.map((step, at) => ({ step, key: (at * 7919) % mix.length })).sort((a, b) => a.key - b.key).map(({ step }) => step);

  // The floor: plain node:http answering a page's bytes, driven the same way.
  const page = Buffer.from(await (await fetch(`${server.origin}${texts[0]}`)).arrayBuffer());
  const plain = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": page.length });
    res.end(page);
  });
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  const plainOrigin = new URL(`http://127.0.0.1:${(plain.address() as AddressInfo).port}`);

  try {
    await drive(origin, shuffled, WARM_UP);
    const before = processCpuSeconds(server.pid);
    const started = performance.now();
    const statuses = await drive(origin, shuffled, MEASURED);
    const wall = (performance.now() - started) / 1_000;
    const cpu = processCpuSeconds(server.pid) - before;
    await drive(plainOrigin, [{ path: "/" }], WARM_UP);
    const plainBefore = process.cpuUsage();
    await drive(plainOrigin, [{ path: "/" }], MEASURED);
    const plainUsed = process.cpuUsage(plainBefore);
    // The plain server runs in this process, with the client: its CPU is the floor of both (an upper bound).
    const plainMs = ((plainUsed.user + plainUsed.system) / 1_000) / MEASURED;
    const perRequestMs = (cpu * 1_000) / MEASURED;
    console.log(`Realistic mix, ${MEASURED} requests after ${WARM_UP} warm-up, ${CONNECTIONS} connections, build ${buildDir}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.table([
      { server: "portal (one instance, all its threads)", "CPU ms per request": perRequestMs.toFixed(2), "requests/s per core at 60 % busy": Math.round(600 / perRequestMs), "wall s": wall.toFixed(1) },
      { server: "plain node:http, a page's bytes (with this client's own CPU)", "CPU ms per request": plainMs.toFixed(2), "requests/s per core at 60 % busy": Math.round(600 / plainMs), "wall s": "" },
    ]);
    console.log(`ratio: the mix costs ${(perRequestMs / plainMs).toFixed(1)}× the plain server's request`);
  } finally {
    plain.close();
    await server.stop();
  }
}

await main();
