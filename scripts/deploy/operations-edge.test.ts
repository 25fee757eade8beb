// The edge as an operator runs it: Debian's HAProxy with the project's own deploy/haproxy.cfg (its
// frontends and backends as written, bound to loopback) in front of two production instances halfway
// through a rolling deployment: one runs the build, the other the next build (the same build with every
// hashed asset renamed: scripts/harness/next-build.ts), started with AREAOE_PREVIOUS_ASSETS_DIR naming the
// first's client folder. Checked here:
// - a new page's scripts load through HAProxy while half the instances run the old build (an old
//   instance's 404 is asked again of the other), and an old page's too;
// - each instance says which build it runs (/health, areaoe_build_info);
// - one request is followed by its id: HAProxy's UUID on the answer, at the end of HAProxy's log line
//   and as reqId in the instance's log; a client's own X-Request-Id is replaced;
// - HAProxy's own 429 and 503 are pages in the visitor's language (?lang=, the lang cookie,
//   Accept-Language), with the reference to quote;
// - a missing or wrong AREAOE_PREVIOUS_ASSETS_DIR stops the start, naming it.
// One HAProxy, two instances. Needs a build (AREAOE_BUILD_DIR, else build/) and haproxy: skipped, naming
// what is missing, without them.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer, type RunningServer } from "../harness/start-server";
import { haproxyMissing, startLoopbackHaproxy, type RunningHaproxy } from "../harness/local-haproxy";
import { makeNextBuild, type NextBuild } from "../harness/next-build";
import { send as get } from "../harness/loopback-client";

const BUILD_DIR = path.resolve(process.env.AREAOE_BUILD_DIR ?? "build");
const haveBuild = existsSync(path.join(BUILD_DIR, "server/index.js"));
if (!haveBuild) console.warn(`edge operations tests skipped: no production build at ${path.join(BUILD_DIR, "server/index.js")} (run the build first)`);
const noHaproxy = haproxyMissing();
if (noHaproxy) console.warn(`edge operations tests skipped: ${noHaproxy}`);

/** A tool page (its islands' scripts) and a page of text. */
const TOOL_PAGE = "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader";
const TEXT_PAGE = "/areaOE/public/importacao";
/** The edge's per-address limit here: 60 requests in 10 s (the 429 test floods from an address of its own). */
const EDGE_LIMIT = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The scripts a page names (its islands' manifest: the runtime, each island's module, what they import,
 * its text chunks): what a browser loads to run it.
 */
const assetsOf = (html: string) => [...new Set([...html.matchAll(/\/areaOE\/assets\/(?:islands\/)?[\w.-]+\.js/g)].map((match) => match[0]))];

let work = "";
let next: NextBuild | undefined;
let oldInstance: RunningServer | undefined;
let newInstance: RunningServer | undefined;
let edge: RunningHaproxy | undefined;

const runs = haveBuild && !noHaproxy;

beforeAll(async () => {
  if (!runs) return;
  work = mkdtempSync(path.join(tmpdir(), "areaoe-two-builds-"));
  next = makeNextBuild(BUILD_DIR, path.join(work, "next"));
  const ports = await Promise.all(Array.from({ length: 6 }, () => freePort()));
  const [oldPort, newPort, edgePort, metricsPort, oldMetrics, newMetrics] = ports as [number, number, number, number, number, number];
  const env = (port: number, metrics: number) => ({
    // HAProxy forwards the Host the visitor sent: its own address is a public origin.
    AREAOE_PUBLIC_ORIGIN: `http://127.0.0.1:${port},http://127.0.0.1:${edgePort}`,
    LOG_LEVEL: "info",
    AREAOE_METRICS_PORT: String(metrics),
  });
  [oldInstance, newInstance] = await Promise.all([
    startProductionServer(oldPort, BUILD_DIR, env(oldPort, oldMetrics), { capture: true }),
    // The next build keeps the previous one's assets answerable: AREAOE_PREVIOUS_ASSETS_DIR, its client folder.
    startProductionServer(newPort, next.dir, { ...env(newPort, newMetrics), AREAOE_PREVIOUS_ASSETS_DIR: path.join(BUILD_DIR, "client") }, { capture: true }),
  ]);
  edge = await startLoopbackHaproxy({ port: edgePort, metricsPort, portalPorts: [oldPort, newPort], env: { AREAOE_EDGE_REQUESTS_PER_10S: String(EDGE_LIMIT) } });
}, 240_000);

afterAll(async () => {
  await edge?.stop();
  await Promise.all([oldInstance?.stop(), newInstance?.stop()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!runs)("a rolling deployment behind the real HAProxy", () => {
  it("has each instance say which build it runs", async () => {
    const builds = await Promise.all([oldInstance, newInstance].map(async (instance) => (await (await fetch(`${instance?.origin}/areaOE/api/health`)).json()) as { status: string; build: string }));
    for (const health of builds) expect(health).toEqual({ status: "ok", build: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(builds[0]?.build).not.toBe(builds[1]?.build);
    expect(oldInstance?.output()).toContain(`build ${builds[0]?.build} listening`);
  });

  it("loads a new page's scripts through HAProxy while the other instance still runs the old build, and an old page's", async () => {
    if (!oldInstance || !newInstance || !edge || !next) throw new Error("not started");
    const newPage = await get(newInstance.origin, TOOL_PAGE, { headers: { "accept-language": "pt-PT" } });
    const oldPage = await get(oldInstance.origin, TOOL_PAGE, { headers: { "accept-language": "pt-PT" } });
    const newAssets = assetsOf(newPage.body);
    const oldAssets = assetsOf(oldPage.body);
    expect(newAssets.length).toBeGreaterThan(3);
    // Truly two builds: not one of the new page's scripts is the old one's, and the old instance has none of them.
    expect(newAssets.filter((asset) => oldAssets.includes(asset))).toEqual([]);
    expect((await get(oldInstance.origin, newAssets[0] ?? "")).status).toBe(404);
    // Round robin over the two: each asset asked several times, from several visitors, reaches both.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const from = `127.0.0.${40 + round}`;
      for (const asset of [...newAssets, ...oldAssets]) statuses.push((await get(edge.origin, asset, { from })).status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // HAProxy did ask again: its retries (an old instance's 404) are in its own metrics.
    const metrics = await (await fetch(edge.metricsUrl)).text();
    const retries = Number(/^haproxy_backend_retry_warnings_total\{proxy="portal"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
    expect(retries).toBeGreaterThanOrEqual(newAssets.length);
    // Another address's 404 is still a 404, once asked of every instance.
    expect((await get(edge.origin, "/areaOE/assets/no-such-chunk-AAAAAAAA.js", { from: "127.0.0.49" })).status).toBe(404);
  });

  it("follows one request by the id HAProxy gives it: on the answer, at the end of HAProxy's log line, as reqId in the instance's log", async () => {
    if (!edge || !oldInstance || !newInstance) throw new Error("not started");
    // A search renders (a page-cache hit is answered before the instance's request log).
    const answer = await get(edge.origin, "/areaOE/public/pesquisa?q=iva", { from: "127.0.0.50", headers: { "x-request-id": "chosen-by-the-client" } });
    expect(answer.status).toBe(200);
    const id = String(answer.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    await expect.poll(() => edge?.output() ?? "", { timeout: 5_000 }).toContain(`"GET /areaOE/public/pesquisa?q=iva HTTP/1.1" ${id}`);
    const logged = () =>
      [oldInstance, newInstance]
        .flatMap((instance) => (instance?.output() ?? "").split("\n"))
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { reqId?: string; req?: { id?: string; path?: string } })
        .filter((record) => record.req?.id === id);
    await expect.poll(() => logged().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(logged()[0]?.req?.path).toBe("/areaOE/public/pesquisa");
    expect(logged().every((record) => record.reqId === id)).toBe(true);
    expect(edge.output()).not.toContain("chosen-by-the-client");
  });

  it("answers its own 429 as a page in the visitor's language, with the reference: ?lang=, then the lang cookie, then Accept-Language, then pt", async () => {
    if (!edge) throw new Error("not started");
    const from = "127.0.0.60";
    for (let n = 0; n < EDGE_LIMIT; n += 1) expect((await get(edge.origin, TEXT_PAGE, { from })).status).toBe(200);
    const cases: [Record<string, string>, string, "pt" | "en"][] = [
      [{ "accept-language": "en-GB,en;q=0.9,pt;q=0.5" }, TEXT_PAGE, "en"],
      [{ "accept-language": "pt-PT,pt;q=0.9" }, TEXT_PAGE, "pt"],
      [{ "accept-language": "de-DE" }, TEXT_PAGE, "pt"],
      [{}, TEXT_PAGE, "pt"],
      [{ "accept-language": "pt-PT", cookie: "lang=en" }, TEXT_PAGE, "en"],
      [{ "accept-language": "en", cookie: "lang=en" }, `${TEXT_PAGE}?lang=pt`, "pt"],
    ];
    for (const [headers, target, lang] of cases) {
      const refused = await get(edge.origin, target, { from, headers });
      expect(refused.status, JSON.stringify(headers)).toBe(429);
      expect(refused.headers["content-language"], JSON.stringify(headers)).toBe(lang);
      expect(refused.headers["retry-after"]).toBe("10");
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(refused.body).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}"`));
      expect(refused.body).toContain(lang === "pt" ? "Chegaram demasiados pedidos do seu endereço" : "Too many requests came from your address");
      const reference = String(refused.headers["x-request-id"]);
      expect(reference).toMatch(UUID);
      expect(refused.body).toContain(`<code>${reference}</code>`);
    }
    // Counted by HAProxy's exporter as denied requests, which the edge's alerts read.
    const metrics = await (await fetch(edge.metricsUrl)).text();
    expect(Number(/^haproxy_frontend_requests_denied_total\{proxy="portal"\} (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(cases.length);
  });

  it("answers its own 503 (no instance ready) as a page in the visitor's language, with the reference", async () => {
    // A second HAProxy, in front of nothing: what visitors get when every instance is out.
    const [port, metricsPort, nothing] = [await freePort(), await freePort(), await freePort()];
    const empty = await startLoopbackHaproxy({ port, metricsPort, portalPorts: [nothing], waitForServers: 0 });
    try {
      // Its checks find the port closed (fall 2, 2 s apart): then every request gets the page.
      await expect.poll(async () => (await get(empty.origin, TEXT_PAGE)).headers["content-language"], { timeout: 15_000 }).toBe("pt");
      for (const [headers, lang, text] of [
        [{ "accept-language": "en" }, "en", "servers can answer right now. Try again in a minute."],
        [{ "accept-language": "pt" }, "pt", "Neste momento nenhum dos servidores do portal consegue responder."],
      ] as const) {
        const answer = await get(empty.origin, TEXT_PAGE, { headers });
        expect(answer.status).toBe(503);
        expect(answer.headers["content-language"]).toBe(lang);
        expect(answer.headers["retry-after"]).toBe("60");
        expect(answer.body).toContain(text);
        expect(answer.body).toContain(`<code>${String(answer.headers["x-request-id"])}</code>`);
      }
    } finally {
      await empty.stop();
    }
  });

  // One start (the other wrong folders: server/http/static-assets.test.ts, the same check).
  it("stops the start when AREAOE_PREVIOUS_ASSETS_DIR names the assets folder instead of the client folder, naming it", async () => {
    for (const [folder, problem] of [[path.join(BUILD_DIR, "client/assets"), "this is an assets folder; name its parent"]] as const) {
      const child = spawn(process.execPath, [path.join(BUILD_DIR, "server/index.js")], {
        env: { ...process.env, PORT: String(await freePort()), HOST: "127.0.0.1", NODE_ENV: "production", AREAOE_METRICS_PORT: "off", LOG_LEVEL: "error", AREAOE_PREVIOUS_ASSETS_DIR: folder },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, output).toBe(1);
      expect(output).toContain(`AREAOE_PREVIOUS_ASSETS_DIR=${folder}: ${problem}`);
    }
  }, 60_000);
});
