/**
 * Security header generation in Chromium: the library's browser build (export
 * condition "browser": WebCrypto + @noble/ciphers + forge's jsbn) bundled with esbuild,
 * served from memory on loopback, timed in Debian's Chromium against the 4096-bit local test key.
 * Prints a table; not a test. Bounded: about 50 generations, a few seconds.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { chromium } from "@playwright/test";
import { defaultLocalTestKeyDir, ensureLocalTestKeyPair, parseAuthorityKey } from "@areaoe/security-header/node";
import { median } from "../harness/start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../harness/chromium";

const RUNS = 50;

// The page's code: the browser build of the package, given the public key as the server sends it (a JWK).
const ENTRY = `
import { generateSecurityHeader } from "@areaoe/security-header";
window.runBench = async (publicKey, keySizeBits, runs) => {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await generateSecurityHeader({ username: "555555555/1", password: "bench-password-" + i, publicKey });
    times.push(performance.now() - start);
  }
  return { times, keySizeBits };
};
`;

async function main() {
  const pair = await ensureLocalTestKeyPair(defaultLocalTestKeyDir(process.cwd()));
  const key = parseAuthorityKey(pair.certificatePem);
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
  });
  const js = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  const html = `<!doctype html><html lang="en"><title>bench</title><script type="module" src="/bench.js"></script>`;
  const server = createServer((req, res) => {
    if (req.url === "/bench.js") res.writeHead(200, { "content-type": "text/javascript" }).end(js);
    else res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => "runBench" in window);
    // A few warm-up runs (JIT), then the measured ones.
    type RunBench = (publicKey: unknown, keySizeBits: number, runs: number) => Promise<unknown>;
    const run = (runs: number) =>
      page.evaluate(
        ([publicKey, bits, count]) => (window as unknown as { runBench: RunBench }).runBench(publicKey, bits as number, count as number),
        [key.publicKey, key.keySizeBits, runs] as const,
      );
    await run(5);
    const result = (await run(RUNS)) as { times: number[]; keySizeBits: number };
    const sorted = [...result.times].sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN;
    const rows: [string, string][] = [
      ["key", `RSA ${result.keySizeBits} bits (local test certificate)`],
      ["browser", `Chromium ${browser.version()}`],
      ["generations", String(RUNS)],
      ["median per header", `${median(result.times).toFixed(2)} ms`],
      ["p90 / min / max", `${p90.toFixed(2)} / ${(sorted[0] ?? 0).toFixed(2)} / ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} ms`],
      ["library bundle (min / gzip)", `${(js.length / 1024).toFixed(1)} KB / ${(gzipSync(js).length / 1024).toFixed(1)} KB`],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
