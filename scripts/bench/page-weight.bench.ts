/**
 * Page weight and speed in Chromium. For every public page (in Portuguese, as a
 * first-time visitor): whether it is hydrated, its first-load framework JavaScript (script files
 * requested before the page is hydrated; for a page of text, before it has loaded), its own inline
 * page scripts (the image preview's module), and its HTML, all in gzip bytes computed with zlib from
 * the bodies (independent of the server's choice of encoding), with the five largest files; then the
 * totals for all pages and, for a few pages, the median time to first byte, to load and to hydration
 * over several cold runs. Aims: pages of text 0 KB of framework JavaScript and at most
 * 3 KB gzip of page scripts; pages React Router hydrates at most 110 KB gzip of first-load JavaScript;
 * tool pages with islands (docs/decisions/0019) at most 80 KB, web services and first steps 100 KB.
 *
 * The tool pages (`islands: true` in the page manifest) come first, each with its first-load module
 * scripts (every file the islands' manifest lists for its loader to preload once the page is idle: the
 * runtime, the islands and React's chunk; and any other requested up to the islands' first hydration),
 * its inline loader among its page scripts, the islands' JSON in its HTML (each island's language, texts and props, and the
 * head's manifest) and its aim side by side. The header form's widget is only shown signed in: that page
 * is measured signed in with the demo identity provider (the server starts with it, on loopback only).
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { median, startProductionServer } from "../harness/start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../harness/chromium";
import { ROUTED_PATHS } from "../harness/routed-pages";
import { ROUTED_PAGES } from "../../app/config/site-map";
import { appPath } from "../../app/config/paths";
import { demoSignIn, demoSignInEnvironment, SIGNED_IN_TOOL_PAGES } from "../harness/demo-sign-in";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const JS_BUDGET_BYTES = 110 * 1024;
const PAGE_SCRIPT_BUDGET_BYTES = 3 * 1024;
const ISLAND_BUDGET_BYTES = 80 * 1024;
/** The two tool pages with the larger widgets (a data table, the web services' lists). */
const LARGER_ISLAND_BUDGETS: Record<string, number> = { "/areaOE/public/webservices": 100 * 1024, "/areaOE/public/primeirosPassos": 100 * 1024 };
const TIMED_PAGES = [
  { name: "home", path: "/areaOE/" },
  { name: "content (excise SICEU)", path: "/areaOE/public/iecs/siceu" },
  { name: "content (testing manual)", path: "/areaOE/public/manualDeTestes" },
  { name: "web services", path: "/areaOE/public/webservices" },
];

interface Sample {
  /** Gzip bytes per JavaScript file loaded before the page was interactive. */
  chunks: Map<string, number>;
  /** Whether the server sent the page for hydration (React Router's context in the HTML). */
  hydrated: boolean;
  /** Whether the page is a tool page whose islands the browser hydrates (the islands' runtime, no router). */
  islands: boolean;
  path: string;
  js: number;
  /** Inline module scripts of the page itself (gzip), e.g. the image preview's enhancement. */
  pageScripts: number;
  /** Module scripts loaded before the page was interactive (files). */
  modules: number;
  /** The islands' JSON in the HTML (each island's data and the head's manifest): UTF-8 bytes and gzip. */
  islandJson: number;
  islandJsonGzip: number;
  css: number;
  html: number;
  ttfb: number;
  load: number;
  interactive: number;
}

async function measure(origin: string, path: string, browser: Browser, cookie?: string): Promise<Sample> {
  const context = await browser.newContext({ locale: "pt-PT" });
  if (cookie) {
    const at = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: origin }]);
  }
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
  const { hydrated, islands, listed, inline, json } = await page.evaluate(() => ({
    hydrated: [...document.scripts].some((script) => script.textContent?.includes("window.__reactRouterContext")),
    islands: document.getElementById("areaoe-islands") !== null,
    // What the islands' loader preloads once the page is idle (app/islands/island-loader.ts): the runtime and
    // the `idle` islands' files are first-load files; a `visible` island's load when scrolled near (not counted).
    listed: (() => {
      const manifest = JSON.parse(document.getElementById("areaoe-islands")?.textContent ?? "{}") as { runtime?: string[]; islands?: Record<string, { preload: string[] }> };
      const idle = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter((container) => container.dataset.islandWhen !== "visible");
      const urls = [...(manifest.runtime ?? []), ...idle.flatMap((container) => manifest.islands?.[container.dataset.island ?? ""]?.preload ?? [])];
      return urls.map((url) => new URL(url, document.baseURI).href);
    })(),
    json: [...document.querySelectorAll<HTMLScriptElement>("script[data-island-data], script#areaoe-islands")].map((script) => script.textContent ?? "").join(""),
    inline: [...document.querySelectorAll<HTMLScriptElement>("script[type=module]:not([src])")].map((script) => script.textContent ?? ""),
  }));
  // A page of text is interactive once loaded; a hydrated page once React has hydrated it.
  if (hydrated || islands) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  interactive = true;
  const { requestedBefore, ...timing } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const loadedAt = navigation ? navigation.loadEventEnd : performance.now();
    const hydratedAt = Number(document.documentElement.dataset.hydratedAt ?? loadedAt);
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
  const firstLoad = new Set([...requestedBefore, ...listed]);
  const pageScripts = inline.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
  const sample: Sample = {
    chunks: new Map(),
    hydrated,
    islands,
    path,
    js: 0,
    pageScripts,
    modules: 0,
    islandJson: Buffer.byteLength(json),
    islandJsonGzip: json ? gzipSync(json, { level: 9 }).length : 0,
    css: 0,
    html: 0,
    ...timing,
  };
  for (const entry of bodies) {
    if (entry.type !== "html" && !firstLoad.has(entry.url)) continue;
    const body = await entry.body.catch(() => Buffer.alloc(0));
    const size = gzipSync(body, { level: 9 }).length;
    sample[entry.type] += size;
    if (entry.type === "js") {
      sample.chunks.set(entry.url.split("/").pop() ?? entry.url, size);
      sample.modules += 1;
    }
  }
  await context.close();
  return sample;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const shortName = (file: string) => file.replace(/-[\w-]{8}\.js$/, ".js");

/** The aim of a tool page's first-load JavaScript (issue 41). */
const islandBudget = (path: string) => LARGER_ISLAND_BUDGETS[path] ?? ISLAND_BUDGET_BYTES;

/** Each tool page (islands) with its first-load JavaScript, its islands' JSON and its aim. */
async function toolPages(origin: string, browser: Browser): Promise<void> {
  const cookie = await demoSignIn(origin);
  console.log(`\nTool pages (islands, docs/decisions/0019): first-load JavaScript and the islands' JSON in the HTML (Portuguese, first visit)`);
  console.log(
    `${"page".padEnd(34)} ${"first-load JS".padStart(13)} ${"aim".padStart(9)} ${"".padEnd(6)} ${"modules".padStart(7)} ${"JSON".padStart(8)} ${"JSON gz".padStart(8)} ${"HTML".padStart(8)}  files, largest first`,
  );
  for (const page of ROUTED_PAGES.filter((entry) => entry.islands)) {
    const path = appPath(page.path);
    const signedIn = SIGNED_IN_TOOL_PAGES.has(page.id);
    const sample = await measure(origin, path, browser, signedIn ? cookie : undefined).catch((error: unknown) => {
      console.log(`${page.id.padEnd(34)} not measured: ${(error as Error).message.split("\n")[0] ?? ""}`);
      return undefined;
    });
    if (!sample) continue;
    const js = sample.js + sample.pageScripts;
    const aim = islandBudget(path);
    const top = [...sample.chunks].sort((a, b) => b[1] - a[1]);
    console.log(
      `${`${page.id}${signedIn ? " (signed in)" : ""}`.padEnd(34)} ${kb(js).padStart(13)} ${`≤ ${kb(aim)}`.padStart(9)} ${(!sample.islands ? "NO ISLANDS" : js <= aim ? "met" : "MISSED").padEnd(6)} ` +
        `${String(sample.modules).padStart(7)} ${kb(sample.islandJson).padStart(8)} ${kb(sample.islandJsonGzip).padStart(8)} ${kb(sample.html).padStart(8)}  ` +
        top.map(([file, size]) => `${shortName(file)} ${kb(size)}`).join(", "),
    );
  }
}

export async function runPageWeightBench(): Promise<void> {
  // The demo identity provider (loopback only) for the signed-in tool page; one session secret.
  const server = await startProductionServer(Number(process.env.BENCH_PORT ?? 3290), undefined, demoSignInEnvironment());
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    await toolPages(server.origin, browser);
    if (process.env.BENCH_TOOL_PAGES_ONLY === "1") return;
    console.log(`\nFirst-load JavaScript and HTML per public page (gzip; Portuguese, first visit)`);
    console.log(`${"page".padEnd(64)} ${"kind".padEnd(8)} ${"framework".padStart(9)} ${"page JS".padStart(8)} ${"HTML".padStart(8)}  largest files`);
    const measured: Sample[] = [];
    let missed = 0;
    for (const { path } of ROUTED_PATHS) {
      const sample = await measure(server.origin, path, browser).catch((error: unknown) => {
        console.log(`${path.padEnd(64)} not measured: ${(error as Error).message.split("\n")[0] ?? ""}`);
        return undefined;
      });
      if (!sample) {
        missed += 1;
        continue;
      }
      measured.push(sample);
      const top = [...sample.chunks].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `${path.padEnd(64)} ${(sample.hydrated ? "hydrated" : sample.islands ? "islands" : "text").padEnd(8)} ${kb(sample.js).padStart(9)} ${kb(sample.pageScripts).padStart(8)} ${kb(sample.html).padStart(8)}  ` +
          top.map(([file, size]) => `${shortName(file)} ${kb(size)}`).join(", "),
      );
    }
    const text = measured.filter((sample) => !sample.hydrated && !sample.islands);
    const hydrated = measured.filter((sample) => sample.hydrated);
    const withIslands = measured.filter((sample) => sample.islands);
    const max = (samples: Sample[], key: "js" | "pageScripts" | "html") => Math.max(0, ...samples.map((sample) => sample[key]));
    const sum = (samples: Sample[], key: "js" | "pageScripts" | "html") => samples.reduce((total, sample) => total + sample[key], 0);
    console.log(`\nAll ${measured.length} pages${missed ? ` (${missed} not measured)` : ""}: first-load JS ${kb(sum(measured, "js") + sum(measured, "pageScripts"))} in total, HTML ${kb(sum(measured, "html"))} in total`);
    console.log(
      `${text.length} pages of text: framework JS largest ${kb(max(text, "js"))} (aim 0 KB: ${max(text, "js") === 0 ? "met" : "MISSED"}), ` +
        `page scripts largest ${kb(max(text, "pageScripts"))} (aim ≤ ${kb(PAGE_SCRIPT_BUDGET_BYTES)}: ${max(text, "pageScripts") <= PAGE_SCRIPT_BUDGET_BYTES ? "met" : "MISSED"}), ` +
        `HTML largest ${kb(max(text, "html"))}`,
    );
    const overBudget = hydrated.filter((sample) => sample.js + sample.pageScripts > JS_BUDGET_BYTES).length;
    console.log(
      `${hydrated.length} hydrated pages: first-load JS largest ${kb(max(hydrated, "js"))} (aim ≤ ${kb(JS_BUDGET_BYTES)}: ${overBudget === 0 ? "met" : `MISSED on ${overBudget}`}), ` +
        `HTML largest ${kb(max(hydrated, "html"))}`,
    );
    const islandsOver = withIslands.filter((sample) => sample.js + sample.pageScripts > islandBudget(sample.path));
    console.log(
      `${withIslands.length} pages with islands: first-load JS largest ${kb(max(withIslands, "js"))} (aim ≤ ${kb(ISLAND_BUDGET_BYTES)}, web services and first steps ≤ 100 KB: ` +
        `${islandsOver.length === 0 ? "met" : `MISSED on ${islandsOver.map((sample) => sample.path).join(", ")}`}), HTML largest ${kb(max(withIslands, "html"))}`,
    );

    console.log(`\nPage speed in Chromium (median of ${RUNS} cold runs)`);
    console.log("page                       | JS gzip  | CSS gzip | HTML gzip| TTFB   | load   | interactive");
    console.log("---------------------------|----------|----------|----------|--------|--------|----------");
    for (const target of TIMED_PAGES) {
      await measure(server.origin, target.path, browser); // warm the server, not the browser
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(server.origin, target.path, browser));
      const m = (key: "js" | "css" | "html" | "ttfb" | "load" | "interactive") => median(samples.map((sample) => sample[key]));
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
