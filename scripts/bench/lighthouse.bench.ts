/**
 * Lighthouse: the npm package (whichever major the project installs) driving
 * Debian's Chromium with Lighthouse's mobile defaults (emulated phone, simulated slow 4G and 4x CPU
 * slowdown), on the pages listed below, against the production build. Prints the four category
 * scores, LCP, TBT and CLS, and whether each page meets its aim.
 * Each page runs LH_RUNS times (default 3) and the median run is printed (Lighthouse's own
 * computeMedianRun, as its variability guide advises), with the spread of the performance score and
 * LCP over the runs. Not a test: the scores depend on the machine and on what else runs on it (the
 * load average is printed first; run it alone).
 * Then a calibration on the same machine, served by a plain node:http server: an empty page (the floor
 * of this machine and of Lighthouse's simulation), the import page's HTML without the portal's
 * headers, and the same HTML with only `Cross-Origin-Opener-Policy: same-origin`, whose browsing
 * context group switch (a new renderer process when Lighthouse navigates from about:blank) Lighthouse
 * counts as main-thread time of the page.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { availableParallelism, loadavg } from "node:os";
import { createServer, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort, startProductionServer } from "./start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../chromium";

// The home page and three pages of text (static documents; aims: performance 100, TBT at
// most 50 ms, LCP at most 0.8 s where the calibration's empty page allows it), and two hydrated
// pages, the header form and search (aim: performance at least 95, as before).
const PAGES = [
  { name: "home", path: "/areaOE/", aim: "text" },
  { name: "content (import)", path: "/areaOE/public/importacao", aim: "text" },
  { name: "header guide", path: "/areaOE/public/ferramentas/webservices/securityHeader", aim: "text" },
  { name: "testing manual", path: "/areaOE/public/manualDeTestes", aim: "text" },
  { name: "header form", path: "/areaOE/ferramentas/webservices/securityHeader/generateSecurityHeaderForm", aim: "hydrated" },
  { name: "search", path: "/areaOE/public/pesquisa?q=certificado", aim: "hydrated" },
] as const;

/** The LCP aim of a page of text: 0.8 s, or the empty page's own LCP on this machine if that is more. */
let lcpAimMs = 800;

/**
 * Whether a median run meets its page's aim (text: performance 100, TBT ≤ 50 ms, LCP ≤ 0.8 s or the
 * empty page's; hydrated: ≥ 95).
 */
function aimMet(aim: "text" | "hydrated", performance: number, lcpMs: number, tbtMs: number): string {
  if (aim === "hydrated") return performance >= 95 ? "met (≥ 95)" : `MISSED (≥ 95) by ${95 - performance}`;
  const misses = [
    performance < 100 ? `perf ${performance}` : "",
    lcpMs > lcpAimMs ? `LCP +${((lcpMs - lcpAimMs) / 1000).toFixed(2)} s` : "",
    tbtMs > 50 ? `TBT ${tbtMs.toFixed(0)} ms` : "",
  ].filter(Boolean);
  return misses.length === 0 ? `met (100, LCP ≤ ${(lcpAimMs / 1000).toFixed(2)} s, TBT ≤ 50)` : `MISSED: ${misses.join(", ")}`;
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));

const score = (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : String(Math.round(value * 100)));

async function main(): Promise<void> {
  const server = await startProductionServer(await freePort());
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  let plain: ReturnType<typeof createServer> | undefined;
  try {
    console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile defaults, Debian's Chromium`);
    console.log(`median of ${RUNS} runs per page; load average at start ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} cores`);
    const html = await (await fetch(`${server.origin}/areaOE/public/importacao`)).text();
    const variants: Record<string, { body: string; headers: OutgoingHttpHeaders }> = {
      "/empty": { body: '<!doctype html><html lang="pt"><title>x</title><p>x</p></html>', headers: {} },
    };
    console.log("page              | perf | a11y | best | seo | LCP      | TBT     | CLS   | aim                            | spread over the runs");
    console.log("------------------|------|------|------|-----|----------|---------|-------|--------------------------------|---------------------");
    const measure = async (name: string, url: string, aim: "text" | "hydrated" | "none"): Promise<number | undefined> => {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (result?.lhr && !result.lhr.runtimeError) runs.push(result.lhr);
      }
      if (runs.length === 0) {
        console.log(`${name.padEnd(17)} | (no result)`);
        return undefined;
      }
      const lhr = computeMedianRun(runs);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const spread = (values: number[], format: (value: number) => string) =>
        runs.length > 1 ? `${format(Math.min(...values))}–${format(Math.max(...values))}` : "";
      console.log(
        [
          name.padEnd(17),
          ...CATEGORIES.map((id, i) => score(lhr.categories[id]?.score).padStart(i === 3 ? 3 : 4)),
          `${(audit("largest-contentful-paint") / 1000).toFixed(2)} s`.padStart(8),
          `${audit("total-blocking-time").toFixed(0)} ms`.padStart(7),
          audit("cumulative-layout-shift").toFixed(3),
          (aim === "none"
            ? "(calibration)"
            : aimMet(aim, Math.round((lhr.categories.performance?.score ?? 0) * 100), audit("largest-contentful-paint"), audit("total-blocking-time"))
          ).padEnd(30),
          `perf ${spread(runs.map((run) => (run.categories.performance?.score ?? 0) * 100), (v) => v.toFixed(0))}, LCP ${spread(
            runs.map((run) => run.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
            (v) => (v / 1000).toFixed(2),
          )} s`,
        ].join(" | "),
      );
      return audit("largest-contentful-paint");
    };
    // The floor first: an empty page from a plain server on this machine sets what LCP can be here.
    plain = createServer((req, res) => {
      const variant = variants[req.url ?? ""];
      if (!variant) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { ...variant.headers, "Content-Type": "text/html; charset=utf-8" }).end(variant.body);
    });
    const listening = plain;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    console.log("calibration, plain node:http on the same machine (the empty page sets the LCP aim of pages of text):");
    const emptyLcp = await measure("empty page", `${origin}/empty`, "none");
    if (emptyLcp !== undefined && emptyLcp > lcpAimMs) lcpAimMs = emptyLcp;
    console.log(`LCP aim of pages of text: ${(lcpAimMs / 1000).toFixed(2)} s`);
    for (const page of PAGES) await measure(page.name, `${server.origin}${page.path}`, page.aim);

    // The rest of the calibration (see the top of this file): the import page's HTML from the plain
    // server, with and without COOP (pages of text send none: they hold no state a cross-origin window could reach).
    variants["/import"] = { body: html, headers: {} };
    variants["/import-coop"] = { body: html, headers: { "Cross-Origin-Opener-Policy": "same-origin" } };
    console.log("calibration, plain node:http on the same machine:");
    await measure("import, no headers", `${origin}/import`, "none");
    await measure("import, only COOP", `${origin}/import-coop`, "none");
  } finally {
    plain?.close();
    chrome.kill();
    await server.stop();
  }
}

await main();
