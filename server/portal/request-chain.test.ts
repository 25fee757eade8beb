import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH, pageHref } from "../../app/server-surface";
import { createPortal } from "../app";
import { parseSettings } from "../config/settings";
import { createPortalServer } from "../http/http-server";
import { HEADER_CHECK_MAX_BODY_BYTES } from "../sandbox/header-check-guard";
import { loadHeaderSandbox, type HeaderSandbox } from "../sandbox/header-sandbox";
import { createPortalMetrics } from "../observability/portal-metrics";
import { stubServerBuild } from "./stub-server-build";

/**
 * The request chain of server/app.ts over real HTTP, with a stub React Router build (its document is
 * STUB_BODY): the order of its stages is what these tests pin. Each test is its own client (its own
 * X-Forwarded-For: loopback is a trusted proxy by default), so that one test's budget is not another's.
 */
const repoRoot = path.resolve(import.meta.dirname, "../..");
const ORIGIN_HOST = "portal.test";
const STUB_BODY = "<!doctype html><title>stub</title><p>stub page</p>";
const PAGE = pageHref("search");
const CHECKER = pageHref("security-header-check");
const BODY_DEADLINE_MS = 300;

/** Renders of addresses containing "hold" wait until released (they keep their render slot). */
let releaseHolds: () => void = () => {};
let holds = new Promise<void>((resolve) => (releaseHolds = resolve));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

let server: Server;
let port = 0;
/** The portal's registry, read by the test of the series strangers can make. */
const metrics = createPortalMetrics();
let work = "";
let sandbox: HeaderSandbox;

/** One request over HTTP/1.1 (any Host). `declaredLength`: the headers announce a body of that length, and 4 bytes of it come. */
function ask(target: string, { client, host = ORIGIN_HOST, method = "GET", headers = {}, declaredLength }: { client: string; host?: string; method?: string; headers?: Record<string, string>; declaredLength?: number }): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: target, agent: false, headers: { Host: host, "X-Forwarded-For": client, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("error", reject);
    // A chain in the wrong order may never answer: fail in seconds, not at the test's timeout.
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${method} ${target} within 5 s`)));
    if (declaredLength !== undefined) {
      req.setHeader("Content-Type", "application/x-www-form-urlencoded");
      req.setHeader("Content-Length", String(declaredLength));
      req.flushHeaders();
      req.write("xml=");
      return;
    }
    req.end();
  });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "areaoe-request-chain-"));
  sandbox = await loadHeaderSandbox(work, path.join(work, "key"), { bits: 2048 });
  const settings = parseSettings(
    {
      HOST: "127.0.0.1",
      AREAOE_PUBLIC_ORIGIN: `http://${ORIGIN_HOST}`,
      AREAOE_METRICS_PORT: "off",
      AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 1, requestBurst: 5, bodyDeadlineMs: BODY_DEADLINE_MS }),
    },
    { cwd: repoRoot },
  );
  const build = stubServerBuild({ body: STUB_BODY, onRender: (request) => (request.url.includes("hold") ? holds : undefined) });
  const { listener } = createPortal({ settings, logger: pino({ level: "silent" }), build, headerSandbox: sandbox, metrics });
  server = createPortalServer(settings.config.limits, listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  releaseHolds();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await sandbox?.pool.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the request chain (server/app.ts)", () => {
  it("renders a page through React Router, stores it, and answers it early the next time", async () => {
    const first = await ask(PAGE, { client: "192.0.2.1" });
    expect(first.status).toBe(200);
    expect(first.body).toBe(STUB_BODY);
    expect(first.headers["cache-status"]).toMatch(/uri-miss.*stored/);
    const second = await ask(PAGE, { client: "192.0.2.1" });
    expect(second.headers["cache-status"]).toBe("areaoe; hit");
    expect(second.body).toBe(STUB_BODY);
  });

  it("refuses a foreign Host with 421 before the page cache: even for a stored page", async () => {
    await ask(PAGE, { client: "192.0.2.2" });
    const foreign = await ask(PAGE, { client: "192.0.2.2", host: "attacker.example" });
    expect(foreign.status).toBe(421);
    expect(foreign.headers["cache-status"]).toBeUndefined();
    expect(foreign.body).not.toContain("stub page");
  });

  it("spends the request budget before the Host check: a flood of foreign Hosts gets 429, not 421", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await ask(PAGE, { client: "192.0.2.3", host: "attacker.example" })).status);
    expect(statuses.slice(0, 5)).toEqual([421, 421, 421, 421, 421]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("answers a plain 404 outside /areaOE (no render), and sends / to the portal", async () => {
    const outside = await ask("/wp-login.php", { client: "192.0.2.4" });
    expect(outside.status).toBe(404);
    expect(outside.body).not.toContain("stub page");
    const root = await ask("/", { client: "192.0.2.4" });
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe(`${BASE_PATH}/`);
  });

  it("redirects a page's other spellings to its canonical address before the cache key: they are never stored nor answered from it", async () => {
    await ask(PAGE, { client: "192.0.2.5" });
    for (const spelling of [PAGE.toUpperCase(), `${PAGE}/`, `${PAGE}?`, `${PAGE}?&lang=en`]) {
      const answer = await ask(spelling, { client: "192.0.2.5" });
      expect(answer.status, spelling).toBe(301);
      expect(answer.headers.location, spelling).toBe(spelling.endsWith("lang=en") ? `${PAGE}?lang=en` : PAGE);
      expect(answer.headers["cache-status"], spelling).toBeUndefined();
    }
  });

  it("reads a body (size cap, deadline) before admission: with every render slot taken, an oversized body gets 413 and a slow one 408 at once", async () => {
    // Eight renders hold the eight render slots (each from its own client; none is a cached page).
    const held = Array.from({ length: 8 }, (_, i) => ask(`${BASE_PATH}/hold-${i}`, { client: `198.51.100.${i + 1}` }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const origin = { Origin: `http://${ORIGIN_HOST}` };
      // Too large (by its declared length): the checker page says so (303 to it), its data request gets 413.
      const oversized = await ask(CHECKER, { client: "203.0.113.1", method: "POST", headers: origin, declaredLength: HEADER_CHECK_MAX_BODY_BYTES + 1 });
      expect(oversized.status).toBe(303);
      expect(oversized.headers.location).toMatch(new RegExp(`^${CHECKER}\\?`));
      const oversizedData = await ask(`${CHECKER}.data`, { client: "203.0.113.3", method: "POST", headers: origin, declaredLength: HEADER_CHECK_MAX_BODY_BYTES + 1 });
      expect(oversizedData.status).toBe(413);
      const slow = await ask(CHECKER, { client: "203.0.113.2", method: "POST", headers: origin, declaredLength: 100 });
      expect(slow.status).toBe(408);
      // Admission would have made each wait for a slot (3 s) and answered 503.
      expect(Math.max(oversized.ms, oversizedData.ms)).toBeLessThan(1_500);
      expect(slow.ms).toBeLessThan(BODY_DEADLINE_MS + 1_200);
    } finally {
      releaseHolds();
      holds = Promise.resolve();
    }
    // The stub build's catch-all route renders them, once released.
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });

  it("gives every answer its request id, the early ones and the refusals included", async () => {
    const answers = [
      await ask(PAGE, { client: "192.0.2.7" }),
      await ask(PAGE, { client: "192.0.2.7", host: "attacker.example" }),
      await ask(PAGE.toUpperCase(), { client: "192.0.2.7" }),
      await ask("/robots.txt", { client: "192.0.2.7" }),
      await ask(`${BASE_PATH}/no-such-page`, { client: "192.0.2.7" }),
      await ask(PAGE, { client: "192.0.2.7" }),
      await ask(PAGE, { client: "192.0.2.7" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 421, 301, 404, 200, 429, 429]);
    for (const answer of answers) expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps every metric's series whatever strangers send: no label takes a visitor's input", async () => {
    const junk = () => Math.random().toString(36).slice(2, 10);
    const addresses = (value: string) => [
      `/areaOE/public/${value}`,
      `/areaOE/api/${value}`,
      `/areaOE/sandbox/${value}`,
      `/areaOE/auth/${value}`,
      `/areaOE/assets/${value}.js`,
      `/areaOE/public/pesquisa?q=${value}&${value}=1`,
      `/${value}`,
    ];
    const METHODS = ["GET", "HEAD", "POST", "OPTIONS", "PATCH"];
    // Every kind of address with every method, each value, header, cookie and client address new.
    const round = () =>
      Promise.all(
        METHODS.flatMap((method) =>
          addresses(junk()).map((target) =>
            ask(target, {
              client: `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
              method,
              headers: { "User-Agent": junk(), "Accept-Language": junk(), Cookie: `${junk()}=${junk()}`, Referer: `https://${junk()}.example/`, "X-Request-Id": junk() },
            }),
          ),
        ),
      );
    const seriesOf = async () => {
      const counts = new Map<string, number>();
      for (const line of (await metrics.registry.metrics()).split("\n")) {
        const name = /^([a-z_:]+)(?:\{| )/.exec(line)?.[1];
        if (name && !line.startsWith("#")) counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      return counts;
    };
    await round();
    const before = await seriesOf();
    await round();
    const after = await seriesOf();
    const grown = [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name, count]) => `${name}: ${count - (before.get(name) ?? 0)} new series from ${METHODS.length * addresses("").length} requests of strangers (a label takes what a visitor sends)`);
    expect(grown).toEqual([]);
    expect(before.get("areaoe_http_request_duration_seconds_bucket")).toBeGreaterThan(0);
  });
});
