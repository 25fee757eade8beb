/**
 * Page weight and speed in Chromium (issues 2 and 11). For every public page (in Portuguese, as a
 * first-time visitor): the JavaScript requested before the page is hydrated, in gzip bytes computed
 * with zlib from the bodies (independent of the server's choice of encoding), with its five largest
 * files; then, for a few pages, the median time to first byte, to load and to hydration over several
 * cold runs. Budget (issue 11): at most 110 KB gzip of first-load JavaScript on every public page.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { median, startProductionServer } from "./start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../chromium";
import { ROUTED_PATHS } from "../../e2e/support/routes";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const JS_BUDGET_BYTES = 110 * 1024;
const TIMED_PAGES = [
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
  // The moment the root's first effect marks the page hydrated; code requested after it (widgets
  // loaded once the browser is idle, the toast region) is not first-load JavaScript.
  await context.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.documentElement.dataset.hydrated !== "true") return;
      document.documentElement.dataset.hydratedAt = String(performance.now());
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
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
  const { requestedBefore, ...timing } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const hydratedAt = Number(document.documentElement.dataset.hydratedAt ?? performance.now());
    return {
      ttfb: navigation ? navigation.responseStart - navigation.startTime : Number.NaN,
      load: navigation ? navigation.loadEventEnd - navigation.startTime : Number.NaN,
      interactive: hydratedAt,
      requestedBefore: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime <= hydratedAt)
        .map((entry) => entry.name),
    };
  });
  const firstLoad = new Set(requestedBefore);
  const sample: Sample = { chunks: new Map(), js: 0, css: 0, html: 0, ...timing };
  for (const entry of bodies) {
    if (entry.type !== "html" && !firstLoad.has(entry.url)) continue;
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
const shortName = (file: string) => file.replace(/-[\w-]{8}\.js$/, ".js");

export async function runPageWeightBench(): Promise<void> {
  const server = await startProductionServer(Number(process.env.BENCH_PORT ?? 3290));
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    console.log(`\nFirst-load JavaScript per public page (gzip, before hydration; budget ${kb(JS_BUDGET_BYTES)})`);
    let over = 0;
    let largest = 0;
    for (const { path } of ROUTED_PATHS) {
      const sample = await measure(server.origin, path, browser).catch((error: unknown) => {
        console.log(`${path.padEnd(72)} not measured: ${(error as Error).message.split("\n")[0] ?? ""}`);
        return undefined;
      });
      if (!sample) continue;
      const top = [...sample.chunks].sort((a, b) => b[1] - a[1]).slice(0, 5);
      if (sample.js > JS_BUDGET_BYTES) over += 1;
      largest = Math.max(largest, sample.js);
      console.log(
        `${path.padEnd(72)} ${kb(sample.js).padStart(9)} ${sample.js <= JS_BUDGET_BYTES ? "within" : "OVER  "}  ` +
          top.map(([file, size]) => `${shortName(file)} ${kb(size)}`).join(", "),
      );
    }
    console.log(`${ROUTED_PATHS.length} pages, largest ${kb(largest)}, ${over} over the budget`);

    console.log(`\nPage speed in Chromium (median of ${RUNS} cold runs)`);
    console.log("page                       | JS gzip  | CSS gzip | HTML     | TTFB   | load   | hydrated");
    console.log("---------------------------|----------|----------|----------|--------|--------|----------");
    for (const target of TIMED_PAGES) {
      await measure(server.origin, target.path, browser); // warm the server, not the browser
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(server.origin, target.path, browser));
      const m = (key: Exclude<keyof Sample, "chunks">) => median(samples.map((sample) => sample[key]));
      console.log(
        [
          target.name.padEnd(26),
          kb(m("js")).padStart(8),
          kb(m("css")).padStart(8),
          kb(m("html")).padStart(8),
          ms(m("ttfb")).padStart(6),
          ms(m("load")).padStart(6),
          ms(m("interactive")).padStart(8),
        ].join(" | "),
      );
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
