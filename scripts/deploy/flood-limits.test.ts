// A flood from one address is stopped before it costs the others: at the edge by the project's own
// deploy/haproxy.cfg (its per-address stick table, answered 429 with Retry-After by HAProxy), and, for a
// deployment without it, by the portal's per-client request budget (limits.requestsPerSecond and
// requestBurst), taken before the page cache's early answer. Against the production build on loopback,
// each address a loopback one of its own (127.0.0.2 floods, 127.0.0.3 visits). Needs a build
// (AREAOE_BUILD_DIR, else build/) and, for the edge, Debian's haproxy (2.6+): skipped, naming what is
// missing, without them. Speed figures are in scripts/bench/flood.bench.ts, not here.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer, type RunningServer } from "../harness/start-server";
import { haproxyMissing, startLoopbackHaproxy, type RunningHaproxy } from "../harness/local-haproxy";
import { send, type Answer } from "../harness/loopback-client";

const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const haveBuild = existsSync(path.resolve(BUILD_DIR, "server/index.js"));
if (!haveBuild) console.warn(`flood limit tests skipped: no production build at ${path.resolve(BUILD_DIR, "server/index.js")} (run the build first)`);
const noHaproxy = haproxyMissing();
if (noHaproxy) console.warn(`edge flood limit test skipped: ${noHaproxy}`);

const PAGE = "/areaOE/public/importacao";
/** The portal's budget here: 30 requests at once, 5 a second (a 6 s window). */
const LIMITS = { requestsPerSecond: 5, requestBurst: 30 };
/** HAProxy's limit here: 10 requests in 10 s per address. */
const EDGE_LIMIT = 10;

/** A GET on a connection of its own from `from` (a loopback address), as a separate client would. */
const get = (origin: string, target: string, from: string): Promise<Answer> => send(origin, target, { from, headers: { "accept-language": "en" } });

async function flood(origin: string, from: string, count: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let n = 0; n < count; n += 1) answers.push(await get(origin, PAGE, from));
  return answers;
}

let portal: RunningServer | undefined;
let edge: RunningHaproxy | undefined;

beforeAll(async () => {
  if (!haveBuild) return;
  const [portalPort, edgePort, edgeMetricsPort] = [await freePort(), await freePort(), await freePort()];
  // HAProxy forwards the Host the visitor sent (X-Forwarded-Host): its own address is a public origin.
  const origins = `http://127.0.0.1:${portalPort},http://127.0.0.1:${edgePort}`;
  portal = await startProductionServer(portalPort, BUILD_DIR, { AREAOE_LIMITS: JSON.stringify(LIMITS), AREAOE_PUBLIC_ORIGIN: origins, LOG_LEVEL: "info" }, { capture: true });
  if (!noHaproxy) edge = await startLoopbackHaproxy({ port: edgePort, metricsPort: edgeMetricsPort, portalPorts: [portalPort], env: { AREAOE_EDGE_REQUESTS_PER_10S: String(EDGE_LIMIT) } });
}, 180_000);

afterAll(async () => {
  await edge?.stop();
  await portal?.stop();
});

describe.skipIf(!haveBuild)("a flood from one address", () => {
  it("is refused by the portal's request budget past its burst, page-cache hits included: 429, Retry-After, the connection closed; another address is served", async () => {
    const origin = portal?.origin ?? "";
    const answers = await flood(origin, "127.0.0.2", LIMITS.requestBurst + 10);
    expect(answers.slice(0, LIMITS.requestBurst).map((answer) => answer.status)).toEqual(Array.from({ length: LIMITS.requestBurst }, () => 200));
    // The page was stored after the first answer: the later ones were early answers of the page cache.
    expect(String(answers[LIMITS.requestBurst - 1]?.headers["cache-status"])).toMatch(/\bhit\b/);
    const refused = answers.slice(LIMITS.requestBurst);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    const [first] = refused;
    expect(Number(first?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(first?.headers.connection).toBe("close");
    expect(first?.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(first?.body).toMatch(/^Too many requests from this address\. Wait \d+ s and try again\.\n$/);
    // Another visitor, at the same moment.
    expect((await get(origin, PAGE, "127.0.0.3")).status).toBe(200);
    // Logged once for that client, not once per refusal.
    expect(portal?.output().split("\n").filter((line) => line.includes('"client":"127.0.0.2"') && line.includes('"budget":"requests"'))).toHaveLength(1);
  });

  it.skipIf(Boolean(noHaproxy))("is refused at the edge by deploy/haproxy.cfg's per-address limit, 429 with Retry-After, before the portal sees it", async () => {
    const origin = edge?.origin ?? "";
    const answers = await flood(origin, "127.0.0.4", EDGE_LIMIT + 5);
    expect(answers.slice(0, EDGE_LIMIT).map((answer) => answer.status)).toEqual(Array.from({ length: EDGE_LIMIT }, () => 200));
    const refused = answers.slice(EDGE_LIMIT);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    expect(refused[0]?.headers["retry-after"]).toBe("10");
    expect(refused[0]?.headers["cache-control"]).toBe("no-store");
    // HAProxy's own page, in the visitor's language (Accept-Language: en), with the request's id to quote.
    expect(refused[0]?.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(refused[0]?.headers["content-language"]).toBe("en");
    expect(refused[0]?.body).toContain("Too many requests came from your address in the last 10 seconds. Wait 10 seconds, then try again.");
    const reference = String(refused[0]?.headers["x-request-id"]);
    expect(reference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(refused[0]?.body).toContain(`quote this reference: <code>${reference}</code>`);
    // HAProxy answered: the portal saw the ten, not the refusals (its own budget, 30, was not reached).
    expect(refused[0]?.headers["cache-status"]).toBeUndefined();
    expect((await get(origin, PAGE, "127.0.0.5")).status).toBe(200);
  });
});
