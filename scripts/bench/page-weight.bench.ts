/**
 * Page weight and speed in Chromium (issue 2): for the home page and content pages, the JavaScript and
 * CSS loaded before the page is interactive (gzip bytes, computed with zlib from the bodies so the
 * figure does not depend on the server's choice of encoding), the HTML bytes, and the median time to
 * first byte and to load over several cold runs. Budget to aim at: < 120 KB gzip JS on first load.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { median, startProductionServer } from "./start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../chromium";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const JS_BUDGET_BYTES = 120 * 1024;
const PAGES = [
  { name: "home", path: "/areaOE/" },
  { name: "content (excise SICEU)", path: "/areaOE/public/iecs/siceu" },
  { name: "web services", path: "/areaOE/public/webservices" },
];

interface Sample {
  /** Gzip bytes per JavaScript file loaded before the page was interactive. */
  chunks: Map<string, number>;
  js: number;
  css: number;
  html: number;
  ttfb: number;
  load: number;
  interactive: number;
}

async function measure(origin: string, path: string, browser: Browser): Promise<Sample> {
  const context = await browser.newContext({ locale: "pt-PT" });
  const page = await context.newPage();
  const bodies: { type: "js" | "css" | "html"; url: string; body: Promise<Buffer> }[] = [];
  let interactive = false;
  page.on("response", (response) => {
    if (interactive) return;
    const url = response.url();
    const type = response.request().resourceType();
    if (type === "script" || url.endsWith(".js")) bodies.push({ type: "js", url, body: response.body() });
    else if (type === "stylesheet") bodies.push({ type: "css", url, body: response.body() });
    else if (type === "document") bodies.push({ type: "html", url, body: response.body() });
  });
  await page.goto(`${origin}${path}`, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  interactive = true;
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      ttfb: navigation ? navigation.responseStart - navigation.startTime : Number.NaN,
      load: navigation ? navigation.loadEventEnd - navigation.startTime : Number.NaN,
      interactive: performance.now(),
    };
  });
  const sample: Sample = { chunks: new Map(), js: 0, css: 0, html: 0, ...timing };
  for (const entry of bodies) {
    const body = await entry.body.catch(() => Buffer.alloc(0));
    const size = entry.type === "html" ? body.length : gzipSync(body, { level: 9 }).length;
    sample[entry.type] += size;
    if (entry.type === "js") sample.chunks.set(entry.url.split("/").pop() ?? entry.url, size);
  }
  await context.close();
  return sample;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function runPageWeightBench(): Promise<void> {
  const server = await startProductionServer(Number(process.env.BENCH_PORT ?? 3290));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
  });
  try {
    const largest: [string, Map<string, number>][] = [];
    console.log(`\nPage weight and speed in Chromium (median of ${RUNS} cold runs)`);
    console.log("page                       | JS gzip  | CSS gzip | HTML     | TTFB   | load   | hydrated | JS budget");
    console.log("---------------------------|----------|----------|----------|--------|--------|----------|----------");
    for (const target of PAGES) {
      await measure(server.origin, target.path, browser); // warm the server, not the browser
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(server.origin, target.path, browser));
      const m = (key: Exclude<keyof Sample, "chunks">) => median(samples.map((sample) => sample[key]));
      const js = m("js");
      console.log(
        [
          target.name.padEnd(26),
          kb(js).padStart(8),
          kb(m("css")).padStart(8),
          kb(m("html")).padStart(8),
          ms(m("ttfb")).padStart(6),
          ms(m("load")).padStart(6),
          ms(m("interactive")).padStart(8),
          js <= JS_BUDGET_BYTES ? "within" : `OVER by ${kb(js - JS_BUDGET_BYTES)}`,
        ].join(" | "),
      );
      largest.push([target.name, samples[0]?.chunks ?? new Map()]);
    }
    console.log("\nLargest first-load JavaScript files (gzip):");
    for (const [name, chunks] of largest) {
      const top = [...chunks].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(`  ${name}: ${top.map(([file, size]) => `${file.replace(/-[\w-]{8}\.js$/, ".js")} ${kb(size)}`).join(", ")}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPageWeightBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
