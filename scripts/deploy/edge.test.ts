// The caching edge and the static mirror as deployed (docs/operations.md "The edge and the mirror"):
// Debian's varnishd with deploy/varnish/areaoe.vcl and deploy/nginx/areaoe-mirror.conf (only addresses,
// ports and paths changed, and the grace shortened to GRACE_SECONDS: scripts/harness/local-edge.ts) in
// front of two production instances, and the mirror written by `npm run mirror` from the same build.
// One set of parts for the whole file, started side by side; the tests run in order on it. A signed-in
// visitor's pages are never stored; every page of text in both languages is answered from the edge
// after one visit, and no answer another visitor gets holds the signed-in visitor's name; the mirror
// answers with the portal's headers and bytes; a new build's ban removes the previous build's pages and
// keeps its assets; with both instances stopped, every page of text is answered 200 (stale within the
// grace, then from the mirror once it has passed) and every tool page is the mirror's 503 page in the
// visitor's language, with no 5xx of Varnish's own; the instances back, the portal's pages again
// within one revalidation. The parts' start times and CPU are printed at the end. Needs a build
// (AREAOE_BUILD_DIR, else build/), varnish, nginx and redis-server (the two instances share their
// sessions through it): skipped, naming what is missing, without them.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../app/i18n/languages";
import { negotiateLanguage } from "../../app/i18n/negotiate-language";
import { ROUTED_PAGES } from "../../app/config/site-map";
import { appPath } from "../../app/config/paths";
import ptCommon from "../../app/i18n/locales/pt/common.json";
import enCommon from "../../app/i18n/locales/en/common.json";
import { freePort, startProductionServer, type RunningServer } from "../harness/start-server";
import { demoSignIn, demoSignInEnvironment, DEMO_ACCOUNT } from "../harness/demo-sign-in";
import { clientFiles, withoutNonces } from "../../server/mirror/write-mirror";
import { findDemoAccount } from "../../server/auth/dev-idp/demo-accounts";
import { redisServerMissing, startTestRedis, type TestRedis } from "../../server/shared-state/test-redis-server";
import { defaultConfigPath } from "../../server/config/load-config";
import { EDGE_VCL, loopbackBackends, nginxMissing, startEdge, startMirrorNginx, varnishMissing, writeMirrorOf, type RunningPart } from "../harness/local-edge";

const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const haveBuild = existsSync(path.resolve(BUILD_DIR, "server/index.js"));
const missing = [haveBuild ? undefined : `no production build at ${path.resolve(BUILD_DIR, "server/index.js")} (run the build first)`, varnishMissing(), nginxMissing(), redisServerMissing()].filter(Boolean);
if (missing.length > 0) console.warn(`edge and mirror tests skipped: ${missing.join("; ")}`);

/** The manifest's pages, as the mirror's writer splits them: a tool page has islands, or is private (one visitor's). */
const isToolPage = (page: (typeof ROUTED_PAGES)[number]) => page.islands === true || page.private === true;
const TEXT_PAGES = ROUTED_PAGES.filter((page) => !isToolPage(page)).map((page) => appPath(page.path));
const TOOL_PAGES = ROUTED_PAGES.filter(isToolPage).map((page) => appPath(page.path));
const UNAVAILABLE: Record<Language, string> = { pt: ptCommon.mirror.unavailableTitle.split("{{title}}")[1] ?? "", en: enCommon.mirror.unavailableTitle.split("{{title}}")[1] ?? "" };
const NAME = findDemoAccount(DEMO_ACCOUNT.nif)?.name ?? "(no demo account)";
/** How long the edge keeps a page of text (Cache-Control: no-cache) fresh, as the VCL says. */
const FRESH_SECONDS = Number(/no-cache"\)\s*\{\s*set beresp\.ttl = (\d+)s;/.exec(readFileSync(EDGE_VCL, "utf8"))?.[1] ?? Number.NaN);
/** The edge's grace in this test (24 h as deployed): long enough to stop the instances and ask every page once while it holds. */
const GRACE_SECONDS = 25;
/** Margin for the moments the test cannot know exactly (when Varnish stored a page, when it is asked). */
const MARGIN_MS = 1_000;
/** Requests in flight at once in the loops below (the instances render side by side). */
const IN_FLIGHT = 4;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (in their coding). */
  raw: Buffer;
  /** The body decoded, as text. */
  body: string;
}

/**
 * One request on a connection of its own (nothing kept alive: an idle connection the edge closes can
 * never be reused by mistake); the body decoded from its coding.
 */
function get(origin: string, target: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, path: target, method, agent: false, headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (error) => reject(new Error(`${method} ${origin}${target} ${JSON.stringify(headers)}: ${res.statusCode} ${error.message} (${JSON.stringify(res.headers)})`)));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers["content-encoding"];
        try {
          const plain = raw.length === 0 ? raw : coding === "gzip" ? gunzipSync(raw) : coding === "br" ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body: plain.toString("utf8") });
        } catch (error) {
          reject(new Error(`${method} ${origin}${target} ${JSON.stringify(headers)}: ${res.statusCode} ${coding} body of ${raw.length} bytes not in its coding (${(error as Error).message}): ${JSON.stringify(res.headers)}`));
        }
      });
    });
    sent.setTimeout(60_000, () => sent.destroy(new Error("no answer within 60 s")));
    sent.on("error", (error) => reject(new Error(`${method} ${origin}${target} ${JSON.stringify(headers)}: ${error.message}`)));
    sent.end(body);
  });
}

const header = (answer: Answer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
};
const cacheStatus = (answer: Answer) => header(answer, "cache-status");
const fromMirror = (answer: Answer) => /areaoe-mirror/.test(cacheStatus(answer));
const edgeHit = (answer: Answer) => /areaoe-edge; hit/.test(cacheStatus(answer));
const staleHit = (answer: Answer) => /areaoe-edge; hit; ttl=-/.test(cacheStatus(answer));
/** `work` for every item, IN_FLIGHT at a time, in order of start. */
async function eachInFlight<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}
/** Every page of text in both languages. */
const TEXT_VARIANTS = TEXT_PAGES.flatMap((page) => LANGUAGES.map((lang) => ({ page, lang })));
const TOOL_VARIANTS = TOOL_PAGES.flatMap((page) => LANGUAGES.map((lang) => ({ page, lang })));
const sleepUntil = (moment: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now())));

let portals: RunningServer[] = [];
let edge: RunningPart | undefined;
let mirror: RunningPart | undefined;
let mirrorDir = "";
let ports: { portals: [number, number]; edge: number; mirror: number };
let env: Record<string, string> = {};
/** The two instances share their sessions through it (without Redis a session is honoured only by the instance that made it, decision 0023). */
let redis: TestRedis | undefined;
/** The instances' configuration file (the project's, with Redis's timeout for a busy machine). */
let configDir: string | undefined;
/** The demo visitor's session cookie (signed in by the first test). */
let session = "";
/** How long each part took to start (printed at the end). */
const took: Record<string, number> = {};

/** CPU seconds a running process has used so far (Linux's /proc; 0 elsewhere), for the parts' costs. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const cpu: Record<string, number> = {};
const addCpu = (name: string, seconds: number) => (cpu[name] = Math.round(((cpu[name] ?? 0) + seconds) * 10) / 10);

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    took[name] = Math.round(performance.now() - started);
  }
}

/** Both instances, side by side; one that fails to start stops the other (nothing is left running). */
async function startPortals(): Promise<RunningServer[]> {
  const results = await Promise.allSettled(ports.portals.map((port) => startProductionServer(port, BUILD_DIR, env)));
  const running = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(running.map((portal) => portal.stop()));
    throw failed.reason;
  }
  return running;
}

beforeAll(async () => {
  if (missing.length > 0) return;
  ports = { portals: [await freePort(), await freePort()], edge: await freePort(), mirror: await freePort() };
  // The edge's address is the origin visitors use; each instance's own for the direct sign-in below.
  const origins = [ports.edge, ...ports.portals].map((port) => `http://127.0.0.1:${port}`).join(",");
  redis = await timed("redis", () => startTestRedis());
  // Redis on loopback answers in microseconds; on a machine busy with other suites the instances'
  // 200 ms command timeout is CPU starvation taken for Redis failing, and a signed-in page then comes
  // back "session not checked" (decision 0023's degrade, tested by operations-outage.test.ts, not here).
  configDir = mkdtempSync(path.join(tmpdir(), "areaoe-edge-config-"));
  const configFile = path.join(configDir, "areaoe.json");
  const config = JSON.parse(readFileSync(defaultConfigPath(), "utf8")) as Record<string, unknown>;
  writeFileSync(configFile, JSON.stringify({ ...config, redis: { url: redis.url, commandTimeoutMs: 2_000 } }));
  env = {
    AREAOE_CONFIG: configFile,
    AREAOE_REDIS_URL: redis.url,
    ...demoSignInEnvironment(),
    AREAOE_PUBLIC_ORIGIN: origins,
    AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0, rendersPerSecond: 1_000, renderBurst: 10_000 }),
  };
  const mirrorParent = mkdtempSync(path.join(tmpdir(), "areaoe-mirror-test-"));
  // nginx's workers run as another user when the test runs as root: they must be able to read the copy.
  chmodSync(mirrorParent, 0o755);
  mirrorDir = path.join(mirrorParent, "current");
  // The two instances and the mirror's writer (a third boot of the build) side by side, then nginx and Varnish.
  const [started] = await Promise.all([timed("instances", startPortals), timed("mirror written", async () => {
      const output = await writeMirrorOf(BUILD_DIR, mirrorDir, env);
      addCpu("mirror writer", Number(/([\d.]+) s of CPU/.exec(output)?.[1] ?? 0));
    })]);
  portals = started;
  mirror = await timed("nginx", () => startMirrorNginx(ports.mirror, mirrorDir));
  edge = await timed("varnish", () => startEdge(ports.edge, loopbackBackends({ portals: ports.portals, mirror: ports.mirror }), { graceSeconds: GRACE_SECONDS }));
}, 300_000);

// What the instances spent on each test (CPU seconds), printed with the parts' costs at the end.
let instancesBefore = 0;
const instancesNow = () => portals.reduce((sum, portal) => sum + cpuSeconds(portal.pid), 0);
beforeEach(() => {
  instancesBefore = instancesNow();
});
afterEach(({ task }) => {
  // (The outage test stops and restarts them: its own share is counted there.)
  if (!task.name.startsWith("keeps answering")) addCpu(`instances: ${task.name.split(" ").slice(0, 3).join(" ")}`, instancesNow() - instancesBefore);
});

afterAll(async () => {
  // Varnish's own account of a crash of its worker (never expected), for the failure's reader.
  const edgeOutput = edge?.output() ?? "";
  if (/panic|child \(\d+\) died/i.test(edgeOutput)) console.error(`varnishd: ${edgeOutput.slice(-4_000)}`);
  await edge?.stop();
  await mirror?.stop();
  for (const portal of portals) addCpu("instances", cpuSeconds(portal.pid));
  await Promise.all(portals.map((portal) => portal.stop()));
  await redis?.dispose();
  if (mirrorDir) rmSync(path.dirname(mirrorDir), { recursive: true, force: true });
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  if (Object.keys(took).length > 0) console.log(`edge test parts: ${JSON.stringify(took)} ms; CPU ${JSON.stringify({ ...cpu, "test process": Math.round(process.cpuUsage().user / 1e5) / 10 })} s`);
});

describe.skipIf(missing.length > 0)("the caching edge and the static mirror (Varnish and nginx)", () => {
  it("never stores a signed-in visitor's page: every page they ask for goes to the portal", async () => {
    const origin = edge?.origin ?? "";
    // Signed in at one instance (the demo provider keeps its state in that instance's memory); the
    // session is honoured by both (one secret).
    session = await demoSignIn(portals[0]?.origin ?? "", DEMO_ACCOUNT);
    await eachInFlight([...TEXT_PAGES, ...TOOL_PAGES], async (page) => {
      const signedIn = await get(origin, page, { cookie: session });
      expect(signedIn.status, page).toBeLessThan(500);
      expect(cacheStatus(signedIn), page).toMatch(/areaoe-edge; fwd=bypass/);
      expect(signedIn.body, page).toContain(NAME);
    });
  }, 120_000);

  it("answers every page of text in both languages from the edge after one visit, never with the signed-in visitor's page, negotiating the language as the portal does", async () => {
    const origin = edge?.origin ?? "";
    // Every answer another visitor gets after the signed-in one's visits: their name and NIF in none.
    const anonymous = (page: string, answer: Answer) => {
      expect(answer.body, page).not.toContain(NAME);
      expect(answer.body, page).not.toContain(DEMO_ACCOUNT.nif);
    };
    await eachInFlight(TEXT_VARIANTS, async ({ page, lang }) => {
      const first = await get(origin, page, { "accept-language": lang });
      expect(first.status, page).toBe(200);
      anonymous(page, first);
      const again = await get(origin, page, { "accept-language": lang === "pt" ? "pt-PT,pt;q=0.9,en;q=0.8" : "en-GB,en;q=0.9,pt;q=0.5", cookie: "_ga=GA1.1.1; other=1" });
      expect(again.status, page).toBe(200);
      anonymous(page, again);
      expect(edgeHit(again), `${page} ${lang}: ${cacheStatus(again)}`).toBe(true);
      expect(header(again, "age"), page).toMatch(/^\d+$/);
      expect(header(again, "content-language")).toBe(lang);
      expect(header(again, "etag")).toBe(header(first, "etag"));
      // One visitor's request id is never replayed to another.
      expect(again.headers["x-request-id"]).toBeUndefined();
    });
    await eachInFlight(TOOL_VARIANTS, async ({ page, lang }) => anonymous(page, await get(origin, page, { "accept-language": lang })));
    // A signed-in visitor asking for a page the edge holds: their own page from the portal, never the copy.
    for (const page of TEXT_PAGES.slice(0, 3)) {
      const signedIn = await get(origin, page, { cookie: session });
      expect(cacheStatus(signedIn), page).toMatch(/areaoe-edge; fwd=bypass/);
      expect(signedIn.body, page).toContain(NAME);
    }
    // The language as the portal negotiates it, whatever the visitor sent; tracking parameters and
    // foreign cookies make no new copy (the page asked again first: on a slow machine its copies from
    // the loop above may be past their freshness and the 10 s of revalidation in the background).
    const page = TEXT_PAGES[1] ?? "";
    for (const lang of LANGUAGES) await get(origin, page, { "accept-language": lang });
    const cases: { acceptLanguage?: string; cookie?: string }[] = [
      { acceptLanguage: "en;q=0.5, pt;q=0.6" },
      { acceptLanguage: "pt;q=0.5, en-US;q=0.6" },
      { acceptLanguage: "de-DE,de;q=0.9,en;q=0.8" },
      { acceptLanguage: "fr, es" },
      { acceptLanguage: "en;q=0, pt-BR" },
      { acceptLanguage: "EN-us" },
      { acceptLanguage: "pt;q=0.8, en;q=0.8" },
      { acceptLanguage: "en;q=0.8, pt;q=0.8" },
      { acceptLanguage: "en", cookie: "lang=pt" },
      { acceptLanguage: "pt", cookie: "x=1; lang=en; y=2" },
      { cookie: "lang=xx" },
      {},
    ];
    for (const { acceptLanguage, cookie } of cases) {
      const answer = await get(origin, `${page}?utm_source=news&utm_medium=email&gclid=1`, { ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}), ...(cookie ? { cookie } : {}) });
      const lang = /(?:^|;\s*)lang=(\w+)/.exec(cookie ?? "")?.[1];
      expect(header(answer, "content-language"), JSON.stringify({ acceptLanguage, cookie })).toBe(negotiateLanguage({ cookie: lang ?? null, acceptLanguage: acceptLanguage ?? null }));
      expect(edgeHit(answer), JSON.stringify({ acceptLanguage, cookie })).toBe(true);
    }
  }, 120_000);

  it("serves the mirror's files with the portal's headers and bytes (CSP hashes, ETag, Content-Type, Cache-Control, Vary)", async () => {
    const portal = portals[0]?.origin ?? "";
    const copy = mirror?.origin ?? "";
    const compared = ["content-type", "etag", "content-security-policy", "cache-control", "vary", "content-language", "content-encoding", "content-disposition", "x-content-type-options", "referrer-policy", "x-frame-options", "x-areaoe-build"];
    const addresses = [...TEXT_PAGES.flatMap((page) => LANGUAGES.map((lang) => ({ page, lang }))), ...clientFiles(path.resolve(BUILD_DIR, "client")).map((page) => ({ page, lang: "pt" }))];
    await eachInFlight(addresses, async ({ page, lang }) => {
      for (const encoding of ["gzip", "br", "identity"]) {
        const headers = { "accept-language": lang, "accept-encoding": encoding };
        // The portal asked as the edge's visitors reach it (the mirror was made for that origin).
        const theirs = await get(portal, page, { ...headers, "x-forwarded-host": new URL(edge?.origin ?? "").host });
        const ours = await get(copy, page, headers);
        expect(ours.status, page).toBe(200);
        // The charset's spelling is the portal's own (utf-8 or UTF-8, by how the file is served; the
        // mirror gives one type per extension; charset values are case-insensitive). A public file's
        // policy has the nonce of the portal's response, the copy's none (withoutNonces).
        const value = (answer: Answer, name: string) => (name === "content-type" ? header(answer, name).toLowerCase() : name === "content-security-policy" ? withoutNonces(header(answer, name)) : header(answer, name));
        for (const name of compared) expect(`${page} ${encoding} ${name}: ${value(ours, name)}`).toBe(`${page} ${encoding} ${name}: ${value(theirs, name)}`);
        expect(ours.raw.equals(theirs.raw), `${page} ${lang} ${encoding}: the same bytes`).toBe(true);
      }
    });
    // Revalidation with the portal's ETag, and the language switch's cookie.
    const page = TEXT_PAGES[0] ?? "";
    const etag = header(await get(copy, page), "etag");
    expect((await get(copy, page, { "if-none-match": etag })).status).toBe(304);
    const chosen = await get(copy, `${page}?lang=en`);
    expect(header(chosen, "content-language")).toBe("en");
    expect(header(chosen, "cache-control")).toBe("private, no-cache");
    expect(header(chosen, "set-cookie")).toMatch(/^lang=en; Max-Age=31536000; Path=\/areaOE; HttpOnly; SameSite=Lax$/);
  }, 240_000);

  it("bans the pages of every other build on a deploy (BAN with the new build's id), and keeps the assets", async () => {
    const origin = edge?.origin ?? "";
    const page = TEXT_PAGES[0] ?? "";
    const asset = clientFiles(path.resolve(BUILD_DIR, "client")).find((address) => /\/assets\/.*\.js$/.test(address)) ?? "";
    for (const target of [page, asset]) await get(origin, target);
    const stored = await get(origin, page);
    expect(edgeHit(stored), cacheStatus(stored)).toBe(true);
    expect(edgeHit(await get(origin, asset))).toBe(true);
    const build = header(stored, "x-areaoe-build");
    expect(build).toMatch(/^[A-Za-z0-9_-]+$/);
    // No id, or a malformed one: refused, nothing banned.
    expect((await get(origin, "/", {}, "BAN")).status).toBe(400);
    expect((await get(origin, "/", { "x-areaoe-build": "a b" }, "BAN")).status).toBe(400);
    // The build that is running: its own pages stay.
    expect((await get(origin, "/", { "x-areaoe-build": build }, "BAN")).status).toBe(200);
    expect(edgeHit(await get(origin, page))).toBe(true);
    // A new build: every page of this one goes, its assets stay (a page of the new build may still ask for them).
    // The ban first waits for a fresh copy: a stale one's background fetch, still in flight, would store a
    // copy newer than the ban (which a ban never tests), as a real deploy's would carry the new build's id.
    for (let tries = 0; tries < 20 && !/areaoe-edge; hit; ttl=[1-9]/.test(cacheStatus(await get(origin, page))); tries += 1) await sleepUntil(Date.now() + 250);
    expect((await get(origin, "/", { "x-areaoe-build": "a-new-build" }, "BAN")).status).toBe(200);
    const after = await get(origin, page);
    expect(after.status).toBe(200);
    expect(cacheStatus(after)).toMatch(/areaoe-edge; fwd=uri-miss; stored$/);
    expect(edgeHit(await get(origin, asset))).toBe(true);
  }, 60_000);

  it("keeps answering with both instances stopped: every page of text 200 (stale within the grace, then from the mirror), every tool page the mirror's 503 page in the visitor's language; the instances back, the portal's pages within one revalidation", async () => {
    const origin = edge?.origin ?? "";
    const tally = { asked: 0, ok: 0, stale: 0, mirror: 0, fiveHundreds: 0, edgeOwn5xx: 0 };
    const count = (answer: Answer) => {
      tally.asked += 1;
      if (answer.status === 200) tally.ok += 1;
      if (staleHit(answer)) tally.stale += 1;
      if (fromMirror(answer)) tally.mirror += 1;
      if (answer.status >= 500) tally.fiveHundreds += 1;
      // A 5xx is only ever the mirror's (a tool page, a service); never Varnish's own.
      if (answer.status >= 500 && !fromMirror(answer)) tally.edgeOwn5xx += 1;
    };
    // Every page of text stored anew (a ban first: every copy is a new one), when each was sent and answered.
    expect((await get(origin, "/", { "x-areaoe-build": "the-outage-build" }, "BAN")).status).toBe(200);
    const stored = new Map<string, { sent: number; answered: number }>();
    await eachInFlight(TEXT_VARIANTS, async ({ page, lang }) => {
      const sent = Date.now();
      const answer = await get(origin, page, { "accept-language": lang });
      expect(answer.status, page).toBe(200);
      expect(cacheStatus(answer), page).toMatch(/areaoe-edge; fwd=uri-miss; stored$/);
      stored.set(`${lang} ${page}`, { sent, answered: Date.now() });
    });
    for (const portal of portals) addCpu("instances", cpuSeconds(portal.pid));
    await Promise.all(portals.map((portal) => portal.stop()));

    // Within the grace: the stale copy, once it is no longer fresh.
    await eachInFlight(TEXT_VARIANTS, async ({ page, lang }) => {
      const { sent, answered } = stored.get(`${lang} ${page}`) ?? { sent: 0, answered: 0 };
      await sleepUntil(answered + FRESH_SECONDS * 1_000 + MARGIN_MS);
      const answer = await get(origin, page, { "accept-language": lang });
      count(answer);
      expect(Date.now() < sent + (FRESH_SECONDS + GRACE_SECONDS) * 1_000 - MARGIN_MS, `${page} ${lang}: asked within the grace (the machine is too slow for this test's ${GRACE_SECONDS} s)`).toBe(true);
      expect(answer.status, page).toBe(200);
      expect(staleHit(answer), `${page} ${lang}: ${cacheStatus(answer)}`).toBe(true);
      expect(header(answer, "content-language")).toBe(lang);
    });
    expect(tally.stale).toBe(TEXT_VARIANTS.length);

    // While the grace runs out: every tool page is the mirror's page for it; a form's post, sign-in
    // and the sandbox are the mirror's "unavailable" (never Varnish's own error).
    await eachInFlight(TOOL_VARIANTS, async ({ page, lang }) => {
      const answer = await get(origin, page, { "accept-language": lang });
      count(answer);
      expect(answer.status, page).toBe(503);
      expect(fromMirror(answer), `${page}: ${cacheStatus(answer)}`).toBe(true);
      expect(header(answer, "retry-after")).toBe("300");
      expect(header(answer, "content-language")).toBe(lang);
      expect(answer.body).toContain(UNAVAILABLE[lang]);
    });
    for (const [target, method] of [[TOOL_PAGES[0] ?? "", "POST"], [appPath("auth/sign-in"), "GET"], [appPath("sandbox/soap"), "POST"]] as const) {
      const answer = await get(origin, target, { "content-type": "application/x-www-form-urlencoded" }, method, "a=1");
      count(answer);
      expect(answer.status, target).toBe(503);
      expect(fromMirror(answer), `${target}: ${cacheStatus(answer)}`).toBe(true);
    }

    // The grace passed: the mirror.
    await sleepUntil(Math.max(...[...stored.values()].map(({ answered }) => answered)) + (FRESH_SECONDS + GRACE_SECONDS) * 1_000 + MARGIN_MS);
    await eachInFlight(TEXT_VARIANTS, async ({ page, lang }) => {
      const answer = await get(origin, page, { "accept-language": lang });
      count(answer);
      expect(answer.status, page).toBe(200);
      expect(fromMirror(answer), `${page}: ${cacheStatus(answer)}`).toBe(true);
      expect(header(answer, "content-language")).toBe(lang);
      expect(answer.body).toContain(`lang="${lang}"`);
    });
    expect(tally.edgeOwn5xx).toBe(0);
    console.log(
      `outage run: ${tally.asked} asked, ${tally.ok} answered 200, ${tally.stale} from the stale copy, ${tally.mirror} from the mirror, ${tally.fiveHundreds} 5xx (the mirror's tool pages and services), ${tally.edgeOwn5xx} 5xx of Varnish's own`,
    );

    portals = await timed("instances again", startPortals);
    // The probes find an instance ready within two intervals (2 s apart).
    const deadline = Date.now() + 60_000;
    while ((await get(origin, appPath("api/ready"))).status !== 200) {
      if (Date.now() > deadline) throw new Error("the edge did not find the instances back");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The portal's own page (its Cache-Status first), at the latest on the request after the first: a
    // few pages in both languages (each one is a new render for the new instances).
    await eachInFlight(TEXT_VARIANTS.slice(0, 6), async ({ page, lang }) => {
      const first = await get(origin, page, { "accept-language": lang });
      expect(first.status).toBe(200);
      const fresh = cacheStatus(first).startsWith("areaoe;") ? first : await get(origin, page, { "accept-language": lang });
      expect(fromMirror(fresh), `${page}: ${cacheStatus(fresh)}`).toBe(false);
      expect(cacheStatus(fresh), page).toMatch(/^areaoe; /);
      expect(header(fresh, "content-language")).toBe(lang);
    });
    const tool = await get(origin, TOOL_PAGES[0] ?? "");
    expect(tool.status).toBe(200);
    expect(fromMirror(tool)).toBe(false);
  }, 180_000);
});
