/**
 * Lighthouse (issue 11): the npm package (12.x, which runs on Node 20) driving Debian's Chromium with
 * Lighthouse's mobile defaults (emulated phone, simulated slow 4G and 4x CPU slowdown), on the home
 * page, a content page, the header guide and first steps, against the production build. Prints the
 * four category scores, LCP, TBT and CLS. Aim: performance 100 and LCP under 1.2 s on each.
 * Not a test: the scores depend on the machine and on what else runs on it.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort, startProductionServer } from "./start-server";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../chromium";

const PAGES = [
  { name: "home", path: "/areaOE/" },
  { name: "content (import)", path: "/areaOE/public/importacao" },
  { name: "header guide", path: "/areaOE/public/ferramentas/webservices/securityHeader" },
  { name: "first steps", path: "/areaOE/public/primeirosPassos" },
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const score = (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : String(Math.round(value * 100)));

async function main(): Promise<void> {
  const server = await startProductionServer(await freePort());
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile defaults, Debian's Chromium`);
    console.log("page              | perf | a11y | best | seo | LCP      | TBT     | CLS");
    console.log("------------------|------|------|------|-----|----------|---------|------");
    for (const page of PAGES) {
      const result = await lighthouse(`${server.origin}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) {
        console.log(`${page.name.padEnd(17)} | (no result)`);
        continue;
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failure = lhr.runtimeError ? ` (${lhr.runtimeError.code})` : "";
      console.log(
        [
          page.name.padEnd(17),
          ...CATEGORIES.map((id, i) => score(lhr.categories[id]?.score).padStart(i === 3 ? 3 : 4)),
          `${(audit("largest-contentful-paint") / 1000).toFixed(2)} s`.padStart(8),
          `${audit("total-blocking-time").toFixed(0)} ms`.padStart(7),
          audit("cumulative-layout-shift").toFixed(3),
        ].join(" | ") + failure,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
