// Server throughput: autocannon against the production server on loopback, 50 connections, 10 s per
// target, plus the same hashed asset from a bare node:http + fs.createReadStream server as reference.
// Usage: npx tsx scripts/bench/server.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
import { spawn, type ChildProcess } from "node:child_process";
import { createReadStream, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not become healthy");
}

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(target: string, url: string): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Connection errors, timeouts and every non-2xx answer count as errors.
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main(): Promise<void> {
  const assetsDir = path.join(buildDir, "client", "assets");
  const asset = readdirSync(assetsDir).find((name) => /^entry\.client-.*\.js$/.test(name));
  if (!asset) throw new Error(`no entry.client chunk in ${assetsDir}: run the build first`);

  const port = await freePort();
  const child = spawn(process.execPath, [path.join(buildDir, "server", "index.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const reference: Server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/javascript" });
    createReadStream(path.join(assetsDir, asset)).pipe(res);
  });
  try {
    const base = `http://127.0.0.1:${port}/areaOE`;
    await waitForHealth(`${base}/api/health`, child);
    await new Promise<void>((resolve) => reference.listen(0, "127.0.0.1", resolve));
    const referencePort = (reference.address() as AddressInfo).port;

    const rows: Row[] = [];
    rows.push(await measure("page /areaOE/public/iecs (SSR)", `${base}/public/iecs`));
    rows.push(await measure(`asset ${asset}`, `${base}/assets/${asset}`));
    rows.push(await measure("health /areaOE/api/health", `${base}/api/health`));
    rows.push(await measure("reference: node:http + createReadStream, same asset", `http://127.0.0.1:${referencePort}/`));

    console.log(`\nServer benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, build ${buildDir}\n`);
    console.table(
      rows.map((row) => ({
        target: row.target,
        "req/s": Math.round(row.rps),
        "p50 ms": row.p50,
        "p99 ms": row.p99,
        errors: row.errors,
      })),
    );
    const assetRow = rows[1];
    const referenceRow = rows[3];
    if (assetRow && referenceRow) {
      console.log(`asset through the portal / bare static server: ${(assetRow.rps / referenceRow.rps).toFixed(2)}`);
    }
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    console.log(errors === 0 ? "errors: 0" : `errors: ${errors} (must be 0)`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    child.kill("SIGTERM");
    reference.close();
  }
}

await main();
