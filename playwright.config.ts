import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, chromiumProblem } from "./scripts/harness/chromium";
import { freePort } from "./scripts/harness/start-server";
import { apiPath } from "./app/config/paths";

// Without the browser every test would fail on its own: stop before starting anything, saying how to
// install it.
const missingBrowser = chromiumProblem();
if (missingBrowser) throw new Error(missingBrowser);

// The test server's port: E2E_PORT, or one free on loopback (a fixed default collides with a second
// checkout's tests or a running portal). Chosen once, by the runner: its workers load this file again
// and inherit the variable, so they all talk to the same server.
process.env.E2E_PORT ||= String(await freePort());
const PORT = Number(process.env.E2E_PORT);
const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production build.
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  // Two workers: the machines (CI and local) have two cores.
  workers: 2,
  // One retry in CI, reported as "flaky" in the output, so a timing hiccup on a loaded 2-core machine
  // does not block a landing; locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Some tests submit a form several times and run axe twice (once in a second browser context): on a
  // two-core machine that can pass 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
    trace: "off",
    // Visitors of a Portuguese portal: Accept-Language pt-PT unless a test says otherwise.
    locale: "pt-PT",
  },
  webServer: {
    command: `node ${BUILD_DIR}/server/index.js`,
    url: `http://127.0.0.1:${PORT}${apiPath("health")}`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Test-only: lets e2e/errors.spec.ts break a page on purpose (app/features/errors/fault-injection.tsx).
      AREAOE_ENABLE_FAULT_INJECTION: "1",
      // No metrics listener: several test servers share this machine (e2e/metrics-prometheus.spec.ts
      // starts its own instances with one each, on free ports).
      AREAOE_METRICS_PORT: "off",
      // The embedded demo identity provider (local use only), for e2e/session.spec.ts.
      AREAOE_DEV_IDP: "1",
      // Every test's browser is one client (127.0.0.1): its render budget is raised so that two
      // workers crawling every page are not refused (server/http/availability.test.ts tests the budget).
      // The per-client request budget (every request) is off for the same reason (server/http/flood-limits.test.ts tests it).
      AREAOE_LIMITS: JSON.stringify({ rendersPerSecond: 1_000, renderBurst: 10_000, searchesPerSecond: 1_000, searchBurst: 10_000, requestsPerSecond: 0 }),
    },
  },
});
