// The caching edge and the static mirror as deployed (docs/operations.md "The edge and the mirror"):
// Debian's varnishd with deploy/varnish/areaoe.vcl and deploy/nginx/areaoe-mirror.conf (only addresses,
// ports and paths changed: scripts/deploy/local-edge.ts) in front of two production instances, and the
// mirror written by `npm run mirror` from the same build. Every page of text in both languages is
// answered from the edge after one visit; a signed-in visitor's page never reaches another visitor; with
// both instances stopped, every page of text is answered 200 (stale, then from the mirror once the cache
// is emptied) and every tool page is the mirror's 503 page in the visitor's language, with no 5xx of
// Varnish's own; the instances back, the portal's pages again within one revalidation. Needs a build
// (AREAOE_BUILD_DIR, else build/), varnish and nginx: skipped, naming what is missing, without them.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../app/i18n/languages";
import { negotiateLanguage } from "../../app/i18n/negotiate-language";
import { ROUTED_PAGES } from "../../app/config/site-map";
import { appPath } from "../../app/config/paths";
import ptCommon from "../../app/i18n/locales/pt/common.json";
import enCommon from "../../app/i18n/locales/en/common.json";
import { freePort, startProductionServer, type RunningServer } from "../bench/start-server";
import { demoSignIn, demoSignInEnvironment, DEMO_ACCOUNT } from "../bench/demo-sign-in";
import { clientFiles } from "../../server/mirror/write-mirror";
import { loopbackBackends, nginxMissing, startEdge, startMirrorNginx, varnishMissing, writeMirrorOf, type RunningPart } from "./local-edge";

const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const haveBuild = existsSync(path.resolve(BUILD_DIR, "server/index.js"));
const missing = [haveBuild ? undefined : `no production build at ${path.resolve(BUILD_DIR, "server/index.js")} (run the build first)`, varnishMissing(), nginxMissing()].filter(Boolean);
if (missing.length > 0) console.warn(`edge and mirror tests skipped: ${missing.join("; ")}`);

/** The manifest's pages, as route-kind.ts splits them: a tool page has islands or hydrates. */
const TEXT_PAGES = ROUTED_PAGES.filter((page) => !page.islands && !page.hydrates).map((page) => appPath(page.path));
const TOOL_PAGES = ROUTED_PAGES.filter((page) => page.islands || page.hydrates).map((page) => appPath(page.path));
const UNAVAILABLE: Record<Language, string> = { pt: ptCommon.mirror.unavailableTitle.split("{{title}}")[1] ?? "", en: enCommon.mirror.unavailableTitle.split("{{title}}")[1] ?? "" };
const NAME = "Ana Demo Todos os Perfis";

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function get(origin: string, target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  try {
    const response = await fetch(`${origin}${target}`, { method, headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    throw new Error(`${method} ${origin}${target} ${JSON.stringify(headers)}: ${(error as Error).message} (${String((error as Error).cause)})`);
  }
}

const cacheStatus = (answer: Answer) => answer.headers.get("cache-status") ?? "";
const fromMirror = (answer: Answer) => /areaoe-mirror/.test(cacheStatus(answer));
const edgeHit = (answer: Answer) => /areaoe-edge; hit/.test(cacheStatus(answer));

let portals: RunningServer[] = [];
let edge: RunningPart | undefined;
let mirror: RunningPart | undefined;
let mirrorDir = "";
let ports: { portals: [number, number]; edge: number; mirror: number };
let env: Record<string, string> = {};

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
  env = {
    ...demoSignInEnvironment(),
    AREAOE_PUBLIC_ORIGIN: origins,
    AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0, rendersPerSecond: 1_000, renderBurst: 10_000 }),
  };
  mirrorDir = path.join(mkdtempSync(path.join(tmpdir(), "areaoe-mirror-test-")), "current");
  const [started] = await Promise.all([startPortals(), writeMirrorOf(BUILD_DIR, mirrorDir, env)]);
  portals = started;
  mirror = await startMirrorNginx(ports.mirror, mirrorDir);
  edge = await startEdge(ports.edge, loopbackBackends({ portals: ports.portals, mirror: ports.mirror }));
}, 300_000);

afterAll(async () => {
  await edge?.stop();
  await mirror?.stop();
  await Promise.all(portals.map((portal) => portal.stop()));
  if (mirrorDir) rmSync(path.dirname(mirrorDir), { recursive: true, force: true });
});

describe.skipIf(missing.length > 0)("the caching edge and the static mirror (Varnish and nginx)", () => {
  it("answers every page of text in both languages from the edge after one visit, negotiating the language as the portal does", async () => {
    const origin = edge?.origin ?? "";
    for (const page of TEXT_PAGES) {
      for (const lang of LANGUAGES) {
        const first = await get(origin, page, { "accept-language": lang });
        expect(first.status, page).toBe(200);
        const again = await get(origin, page, { "accept-language": lang === "pt" ? "pt-PT,pt;q=0.9,en;q=0.8" : "en-GB,en;q=0.9,pt;q=0.5", cookie: "_ga=GA1.1.1; other=1" });
        expect(again.status, page).toBe(200);
        expect(edgeHit(again), `${page} ${lang}: ${cacheStatus(again)}`).toBe(true);
        expect(again.headers.get("content-language")).toBe(lang);
        expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
        // One visitor's request id is never replayed to another.
        expect(again.headers.get("x-request-id")).toBeNull();
      }
    }
    // The language as the portal negotiates it, whatever the visitor sent; tracking parameters and
    // foreign cookies make no new copy.
    const page = TEXT_PAGES[1] ?? "";
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
      expect(answer.headers.get("content-language"), JSON.stringify({ acceptLanguage, cookie })).toBe(negotiateLanguage({ cookie: lang ?? null, acceptLanguage: acceptLanguage ?? null }));
      expect(edgeHit(answer), JSON.stringify({ acceptLanguage, cookie })).toBe(true);
    }
  });

  it("never gives a signed-in visitor's page to another visitor, and never answers a signed-in visitor from the cache", async () => {
    const origin = edge?.origin ?? "";
    // Signed in at one instance (the demo provider keeps its state in that instance's memory); the
    // session is honoured by both (one secret).
    const session = await demoSignIn(portals[0]?.origin ?? "", DEMO_ACCOUNT);
    const visited = [...TEXT_PAGES, ...TOOL_PAGES];
    for (const page of visited) {
      const signedIn = await get(origin, page, { cookie: session });
      expect(signedIn.status, page).toBeLessThan(500);
      expect(cacheStatus(signedIn), page).toMatch(/areaoe-edge; fwd=bypass/);
    }
    const firstSteps = await get(origin, appPath("public/primeirosPassos"), { cookie: session });
    expect(firstSteps.body).toContain(NAME);
    for (const page of visited) {
      for (const lang of LANGUAGES) {
        const anonymous = await get(origin, page, { "accept-language": lang });
        expect(anonymous.body, page).not.toContain(NAME);
        expect(anonymous.body, page).not.toContain(DEMO_ACCOUNT.nif);
      }
    }
  }, 180_000);

  it("serves the mirror's files with the portal's headers and bytes (CSP hashes, ETag, Content-Type, Cache-Control, Vary)", async () => {
    const portal = portals[0]?.origin ?? "";
    const copy = mirror?.origin ?? "";
    const compared = ["content-type", "etag", "content-security-policy", "cache-control", "vary", "content-language", "content-encoding", "content-disposition", "x-content-type-options", "referrer-policy", "x-frame-options"];
    const addresses = [...TEXT_PAGES.flatMap((page) => LANGUAGES.map((lang) => ({ page, lang }))), ...clientFiles(path.resolve(BUILD_DIR, "client")).map((page) => ({ page, lang: "pt" }))];
    for (const { page, lang } of addresses) {
      for (const encoding of ["gzip", "br", "identity"]) {
        const headers = { "accept-language": lang, "accept-encoding": encoding };
        // The portal asked as the edge's visitors reach it (the mirror was made for that origin).
        const [theirs, ours] = [await get(portal, page, { ...headers, "x-forwarded-host": new URL(edge?.origin ?? "").host }), await get(copy, page, headers)];
        expect(ours.status, page).toBe(200);
        for (const name of compared) expect(`${page} ${encoding} ${name}: ${ours.headers.get(name) ?? ""}`).toBe(`${page} ${encoding} ${name}: ${theirs.headers.get(name) ?? ""}`);
        expect(ours.body === theirs.body, `${page} ${lang} ${encoding}: the same bytes`).toBe(true);
      }
    }
    // Revalidation with the portal's ETag, and the language switch's cookie.
    const page = TEXT_PAGES[0] ?? "";
    const etag = (await get(copy, page)).headers.get("etag") ?? "";
    expect((await get(copy, page, { "if-none-match": etag })).status).toBe(304);
    const chosen = await get(copy, `${page}?lang=en`);
    expect(chosen.headers.get("content-language")).toBe("en");
    expect(chosen.headers.get("cache-control")).toBe("private, no-cache");
    expect(chosen.headers.get("set-cookie")).toMatch(/^lang=en; Max-Age=31536000; Path=\/areaOE; HttpOnly; SameSite=Lax$/);
  }, 180_000);

  it("keeps answering with both instances stopped: every page of text 200 (stale, then from the mirror), every tool page the mirror's 503 page in the visitor's language; the instances back, the portal's pages within one revalidation", async () => {
    const origin = edge?.origin ?? "";
    const tally = { asked: 0, ok: 0, stale: 0, mirror: 0, fiveHundreds: 0 };
    const count = (answer: Answer) => {
      tally.asked += 1;
      if (answer.status === 200) tally.ok += 1;
      if (/areaoe-edge; hit; ttl=-/.test(cacheStatus(answer))) tally.stale += 1;
      if (fromMirror(answer)) tally.mirror += 1;
      // A 5xx is only ever the mirror's tool page; never Varnish's own.
      if (answer.status >= 500) {
        tally.fiveHundreds += 1;
        expect(fromMirror(answer), cacheStatus(answer)).toBe(true);
      }
    };
    await Promise.all(portals.map((portal) => portal.stop()));
    // Stale: every page of text was stored by the first test.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const page of TEXT_PAGES) {
      for (const lang of LANGUAGES) {
        const answer = await get(origin, page, { "accept-language": lang });
        count(answer);
        expect(answer.status, page).toBe(200);
        expect(answer.headers.get("content-language")).toBe(lang);
        expect(fromMirror(answer), `${page}: ${cacheStatus(answer)}`).toBe(false);
      }
    }
    expect(tally.stale).toBe(TEXT_PAGES.length * 2);
    // The cache emptied (a ban of every page of another build than a new one): the mirror.
    const ban = await get(origin, "/", { "x-areaoe-build": "a-new-build" }, "BAN");
    expect(ban.status).toBe(200);
    for (const page of TEXT_PAGES) {
      for (const lang of LANGUAGES) {
        const answer = await get(origin, page, { "accept-language": lang });
        count(answer);
        expect(answer.status, page).toBe(200);
        expect(fromMirror(answer), `${page}: ${cacheStatus(answer)}`).toBe(true);
        expect(answer.headers.get("content-language")).toBe(lang);
      }
    }
    for (const page of TOOL_PAGES) {
      for (const lang of LANGUAGES) {
        const answer = await get(origin, page, { "accept-language": lang });
        count(answer);
        expect(answer.status, page).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("300");
        expect(answer.headers.get("content-language")).toBe(lang);
        expect(answer.body).toContain(UNAVAILABLE[lang]);
      }
    }
    // A form's post, sign-in and the sandbox: the mirror says the service is unavailable (never Varnish).
    for (const [target, method] of [[TOOL_PAGES[0] ?? "", "POST"], [appPath("auth/sign-in"), "GET"], [appPath("sandbox/soap"), "POST"]] as const) count(await get(origin, target, {}, method));
    console.log(`outage run: ${tally.asked} asked, ${tally.ok} answered 200, ${tally.stale} from the stale copy, ${tally.mirror} from the mirror, ${tally.fiveHundreds} 5xx (all the mirror's tool pages and service answers)`);

    portals = await startPortals();
    // The probes find an instance ready within two intervals (2 s apart).
    const deadline = Date.now() + 20_000;
    while ((await get(origin, appPath("api/ready"))).status !== 200) {
      if (Date.now() > deadline) throw new Error("the edge did not find the instances back");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const page of TEXT_PAGES) {
      const first = await get(origin, page);
      expect(first.status).toBe(200);
      const fresh = first.headers.get("cache-status")?.startsWith("areaoe;") ? first : await get(origin, page);
      expect(fromMirror(fresh), `${page}: ${cacheStatus(fresh)}`).toBe(false);
      expect(cacheStatus(fresh), page).toMatch(/^areaoe; /);
    }
    for (const page of TOOL_PAGES) {
      const answer = await get(origin, page);
      expect(answer.status, page).toBe(200);
      expect(fromMirror(answer)).toBe(false);
    }
  }, 180_000);
});
