// A flood of the sandbox fills its trace store in Redis, and sign-in still works (issue 48): the whole
// portal (createPortal, a stub React Router build: no page is rendered here) with the demo identity
// provider, on Debian's redis-server with a small maxmemory (noeviction: Redis refuses writes when
// full, as a deployment that must never lose a revoked session would run it). Clients from many
// addresses send more trace bytes than that maxmemory; the portal's own byte budget (limits.
// traceBytesInAll) keeps the store within its bound, Redis's memory stays under the stated bound
// (docs/scaling.md: "Redis's memory"), and a sign-in through the demo provider then succeeds.
import type { Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../../../app/server-surface";
import { createPortal } from "../../../server/app";
import { parseSettings } from "../../../server/config/settings";
import { createPortalServer } from "../../../server/http/http-server";
import { freePort } from "../../../server/http/test-production-server";
import { stubServerBuild } from "../../../server/portal/stub-server-build";
import { redisSharedState } from "../../../server/shared-state/redis-shared-state";
import type { SharedState } from "../../../server/shared-state/shared-state";
import { redisServerMissing, startTestRedis, type TestRedis } from "../../../server/shared-state/test-redis-server";
import { demoSignIn } from "../../harness/demo-sign-in";
import { loadHeaderSandbox, type HeaderSandbox } from "../../../server/sandbox/header-sandbox";
import { createVerificationPool, type VerificationPool } from "../../../server/sandbox/verification-pool";
import { redisMemoryBound } from "../../../server/sandbox/trace-store-bounds";

const missing = redisServerMissing();
if (missing) console.warn(missing);

const MAXMEMORY = 4 * 1024 * 1024;
const TRACE_BYTES_IN_ALL = 1024 * 1024;
const TRACE_BYTES_PER_CLIENT = 64 * 1024;
const REQUESTS = 600;
const CLIENTS = 40;

/** A request the verifier reads but refuses cheaply (no Nonce to decrypt), whose trace is a few KB: 30 namespaces and elements. */
function bulkyRequest(n: number): string {
  const declarations = Array.from({ length: 30 }, (_, index) => ` xmlns:n${index}="urn:flood:${n}:${index}:${"x".repeat(40)}"`).join("");
  const elements = Array.from({ length: 30 }, (_, index) => `<n${index}:Username>u</n${index}:Username>`).join("");
  return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"${declarations}><soapenv:Header><wss:Security xmlns:wss="http://schemas.xmlsoap.org/ws/2002/12/secext"><wss:UsernameToken>${elements}</wss:UsernameToken></wss:Security></soapenv:Header><soapenv:Body/></soapenv:Envelope>`;
}

const usedMemory = (redis: TestRedis) => Number(/used_memory:(\d+)/.exec(redis.cli("INFO", "memory"))?.[1] ?? "NaN");

describe.skipIf(Boolean(missing))("a flood that fills the trace store (Redis with a small maxmemory)", () => {
  let redis: TestRedis;
  let state: SharedState;
  let work: string;
  let sandbox: HeaderSandbox;
  let pool: VerificationPool;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    redis = await startTestRedis({ extraArgs: ["--maxmemory", String(MAXMEMORY), "--maxmemory-policy", "noeviction"] });
    work = mkdtempSync(path.join(tmpdir(), "areaoe-trace-flood-"));
    pool = createVerificationPool({ limits: { workers: 1, queue: 256, taskTimeoutMs: 30_000 } });
    sandbox = await loadHeaderSandbox(work, path.join(work, "key"), { bits: 2048, pool });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const settings = parseSettings(
      {
        HOST: "127.0.0.1",
        PORT: String(port),
        AREAOE_PUBLIC_ORIGIN: origin,
        AREAOE_METRICS_PORT: "off",
        AREAOE_DEV_IDP: "1",
        AREAOE_SESSION_SECRET: "a-test-secret-for-the-flood-that-fills-the-trace-store",
        AREAOE_REDIS_URL: redis.url,
        AREAOE_LIMITS: JSON.stringify({
          requestsPerSecond: 0,
          sandboxChecksPerMinute: 100_000,
          headerChecksPerSecondAllClients: 100_000,
          traceBytesInAll: TRACE_BYTES_IN_ALL,
          traceBytesPerClient: TRACE_BYTES_PER_CLIENT,
        }),
      },
      { cwd: path.resolve(import.meta.dirname, "../../..") },
    );
    const redisSettings = settings.config.redis;
    if (!redisSettings) throw new Error("no Redis settings");
    state = redisSharedState({ settings: redisSettings, logger: pino({ level: "silent" }) });
    for (let tries = 0; !(await state.reachable()) && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const { listener } = createPortal({ settings, logger: pino({ level: "silent" }), build: stubServerBuild({ body: "<!doctype html><title>stub</title>" }), headerSandbox: sandbox, sharedState: state });
    server = createPortalServer(settings.config.limits, listener);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await state?.close();
    await pool?.close();
    await redis?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("keeps the store within its bytes, Redis under its bound, and a sign-in works afterwards", async () => {
    let sentBytes = 0;
    let answered = 0;
    let next = 0;
    // CLIENTS clients at once, each from its own address, until REQUESTS are answered.
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (next < REQUESTS) {
          const n = (next += 1);
          const body = bulkyRequest(n);
          const answer = await fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": `10.48.${client}.1` }, body });
          const id = answer.headers.get("x-areaoe-trace-id");
          await answer.body?.cancel();
          expect(answer.status).toBe(500);
          if (id) answered += 1;
        }
      }),
    );
    const traceKeys = redis.cli("--scan", "--pattern", "areaoe:sandbox-trace:r:*").split("\n").filter(Boolean);
    const storedBytes = traceKeys.reduce((sum, key) => sum + Number(redis.cli("STRLEN", key)), 0);
    sentBytes = storedBytes === 0 ? 0 : (storedBytes / traceKeys.length) * REQUESTS;
    // The flood's traces add up to more than Redis may hold; what is kept is within the budget.
    expect(answered).toBe(REQUESTS);
    expect(sentBytes).toBeGreaterThan(MAXMEMORY);
    expect(Number(redis.cli("GET", "areaoe:sandbox-trace:ab"))).toBeLessThanOrEqual(TRACE_BYTES_IN_ALL);
    expect(storedBytes).toBeLessThanOrEqual(TRACE_BYTES_IN_ALL);
    expect(traceKeys.length).toBeLessThan(REQUESTS);
    // Redis's own count of its memory: under the bound the operations guide states for these budgets.
    const used = usedMemory(redis);
    expect(used).toBeLessThan(MAXMEMORY);
    expect(used).toBeLessThanOrEqual(redisMemoryBound(TRACE_BYTES_IN_ALL));
    // Sign-in (its state claimed once in Redis, SET NX) works; the session opens a page.
    const cookie = await demoSignIn(origin);
    expect(cookie).toMatch(/^areaoe_session=/);
    const session = await fetch(`${origin}${BASE_PATH}/api/session`, { headers: { cookie } });
    expect(await session.json()).toMatchObject({ authenticated: true, user: { nif: "555555550" } });
    console.info(`trace store flood: ${REQUESTS} checks from ${CLIENTS} addresses, about ${Math.round(sentBytes / 1024)} KB of traces; kept ${traceKeys.length} traces, ${Math.round(storedBytes / 1024)} KB; Redis used_memory ${Math.round(used / 1024)} KB (maxmemory ${MAXMEMORY / 1024} KB, bound ${Math.round(redisMemoryBound(TRACE_BYTES_IN_ALL) / 1024)} KB)`);
  }, 240_000);
});
