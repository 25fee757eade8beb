import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { test, expect } from "@playwright/test";
import { demoSignIn, DEMO_ACCOUNT } from "../scripts/harness/demo-sign-in";
import { freePort, startProductionServer, type RunningServer } from "../scripts/harness/start-server";
import { redisServerMissing, startTestRedis, type TestRedis } from "../server/shared-state/test-redis-server";

// Several instances behind a load balancer: two production instances of the build share
// one Redis (Debian's redis-server on a free loopback port, started here) and one session secret. What
// one instance learns (a used sign-in state, a signed-out session, a client's count) the other knows;
// when Redis stops, both stay ready, pages still answer, limits still limit and sign-in refuses with its
// clear page, and everything comes back by itself with Redis. Then SIGTERM: the request in flight gets
// its answer, ready answers 503 before the exit, and the process exits 0. (The same outage under load
// behind HAProxy: scripts/deploy/operations-outage.test.ts.)
const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const PAGE = "/areaOE/public/importacao";
const SANDBOX = "/areaOE/sandbox/soap";
const SIGNED_OUT = "/areaOE/auth/signed-out?state=%2FareaOE%2F";
const missing = redisServerMissing();

test.describe.configure({ mode: "serial" });
test.skip(Boolean(missing), missing ?? "");

let redis: TestRedis | undefined;
let instances: RunningServer[] = [];
const secret = randomBytes(32).toString("base64url");

function instanceEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  if (!redis) throw new Error("Redis is not running");
  return {
    AREAOE_SESSION_SECRET: secret,
    AREAOE_DEV_IDP: "1",
    // portal.example is not loopback: the demo provider starts there only with the exact override (settings.ts).
    AREAOE_DEV_IDP_EXPOSED: "yes-anyone-who-reaches-it-signs-in-with-the-demo-accounts",
    AREAOE_REDIS_URL: redis.url,
    LOG_LEVEL: "info",
    AREAOE_PUBLIC_ORIGIN: `http://portal.example,http://127.0.0.1:${port}`,
    // The budget of all clients is tested with 50 checks at once: a queue of the verification pool that
    // takes them all, so that its own bound (32 by default, verification-pool.test.ts) does not answer first.
    AREAOE_LIMITS: JSON.stringify({ sandboxQueue: 100 }),
    ...extra,
  };
}

async function startInstance(extra: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return startProductionServer(port, BUILD_DIR, instanceEnv(port, extra), { capture: true });
}

const pair = (): [RunningServer, RunningServer] => {
  const [first, second] = instances;
  if (!first || !second) throw new Error("two instances expected");
  return [first, second];
};

async function status(url: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(url, { redirect: "manual", ...init });
  await response.body?.cancel();
  return response.status;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = async (instance: RunningServer) => (await status(`${instance.origin}/areaOE/api/ready`)) === 200;

/** Log records at error level or above (pino: 50 error, 60 fatal), from `offset` in the output. */
const errorRecords = (instance: RunningServer, offset = 0) =>
  instance
    .output()
    .slice(offset)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((record) => record.level >= 50);

/** Writes a raw request and resolves with everything the server sent back before closing. */
function rawProbe(instance: RunningServer, text: string): Promise<string> {
  const { port } = new URL(instance.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000); // two starts on a loaded 2-core machine
  redis = await startTestRedis();
  instances = await Promise.all([startInstance(), startInstance()]);
  await Promise.all(instances.map((instance) => waitFor(() => ready(instance), 20_000, `${instance.origin} ready`)));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis?.dispose();
});

test("both instances are healthy and ready, and the start log names Redis, not memory", async () => {
  for (const instance of pair()) {
    const answer = await fetch(`${instance.origin}/areaOE/api/ready`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ready" });
    expect(await status(`${instance.origin}/areaOE/api/health`)).toBe(200);
    // As a balancer probes (HAProxy's http-check: HTTP/1.0, no Host): answered all the same.
    expect(await rawProbe(instance, "GET /areaOE/api/ready HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
    expect(await rawProbe(instance, "GET /areaOE/api/ready HTTP/1.1\r\nHost: 10.0.0.7:3000\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
    // The log comes through a pipe, which a loaded machine can deliver after the instance answers ready.
    await expect.poll(() => instance.output(), { timeout: 5_000 }).toContain("Redis connected");
    expect(instance.output()).not.toContain("right for ONE instance only");
  }
});

test("a callback replayed on the other instance is refused before any token request", async () => {
  const [first, second] = pair();
  let callback: { url: URL; cookie: string } | undefined;
  const cookie = await demoSignIn(first.origin, DEMO_ACCOUNT, (url, jar) => {
    if (url.pathname === "/areaOE/auth/callback") callback = { url, cookie: jar };
  });
  expect(cookie).toMatch(/^areaoe_session=/);
  if (!callback) throw new Error("the sign-in went through no callback");
  const offset = second.output().length;
  const replay = await fetch(`${second.origin}${callback.url.pathname}${callback.url.search}`, { headers: { cookie: callback.cookie }, redirect: "manual" });
  expect(replay.status).toBe(400);
  await replay.body?.cancel();
  const log = second.output().slice(offset);
  // Refused at the state's claim, which comes before the token request (a token request that failed
  // would log "sign-in callback refused" with the provider's error instead).
  expect(log).toContain("its sign-in transaction was already used");
  expect(log).not.toMatch(/"oauthError"|"err":\{"name"/);
});

test("a session made on one instance is honoured by the other, and after sign-out on one both refuse it", async () => {
  const [first, second] = pair();
  const cookie = await demoSignIn(first.origin);
  const authenticated = async (instance: RunningServer) =>
    ((await (await fetch(`${instance.origin}/areaOE/api/session`, { headers: { cookie } })).json()) as { authenticated: boolean }).authenticated;
  expect(await authenticated(first)).toBe(true);
  expect(await authenticated(second)).toBe(true);
  const signOut = await fetch(`${second.origin}/areaOE/auth/sign-out`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: "returnTo=%2FareaOE%2F",
    redirect: "manual",
  });
  expect(signOut.status).toBe(303);
  await signOut.body?.cancel();
  // The copy of the cookie kept by this test is signed out on both.
  expect(await authenticated(second)).toBe(false);
  expect(await authenticated(first)).toBe(false);
});

test("the sign-in limit (60 a minute per client) counts requests to both instances", async () => {
  const [first, second] = pair();
  const client = { "x-forwarded-for": "10.33.1.1" };
  const answers: number[] = [];
  for (let n = 0; n < 60; n += 1) answers.push(await status(`${(n % 2 ? second : first).origin}${SIGNED_OUT}`, { headers: client }));
  expect(answers.every((answer) => answer === 303)).toBe(true);
  expect(await status(`${first.origin}${SIGNED_OUT}`, { headers: client })).toBe(429);
  expect(await status(`${second.origin}${SIGNED_OUT}`, { headers: client })).toBe(429);
  // Another client is not touched.
  expect(await status(`${second.origin}${SIGNED_OUT}`, { headers: { "x-forwarded-for": "10.33.1.2" } })).toBe(303);
});

test("Redis stopped: both stay ready, pages answer, limits limit, sign-in refuses with its clear page, no error flood, no crash; Redis back: sign-in works again", async () => {
  test.setTimeout(120_000);
  const [first, second] = pair();
  if (!redis) throw new Error("Redis is not running");
  const kept = await demoSignIn(first.origin); // a session made before the outage
  const offsets = instances.map((instance) => instance.output().length);
  await redis.stop();
  // Readiness says whether this instance can serve: it can (a balancer keeps it), and it says Redis is not answering.
  const readiness = async (instance: RunningServer) => (await (await fetch(`${instance.origin}/areaOE/api/ready`)).json()) as { status: string; sharedState?: string };
  await waitFor(async () => (await readiness(first)).sharedState === "unreachable" && (await readiness(second)).sharedState === "unreachable", 10_000, "shared state unreachable on both");
  for (const instance of [first, second]) expect(await status(`${instance.origin}/areaOE/api/ready`)).toBe(200);

  for (const instance of [first, second]) {
    expect(await status(`${instance.origin}${PAGE}`)).toBe(200);
    expect(await status(`${instance.origin}/areaOE/public/webservices`, { headers: { "accept-language": "en" } })).toBe(200);
  }
  // Each instance counts in its own memory now: one client still meets the limit (never unlimited).
  const client = { "x-forwarded-for": "10.33.9.1" };
  const answers: number[] = [];
  for (let n = 0; n < 61; n += 1) answers.push(await status(`${first.origin}${SIGNED_OUT}`, { headers: client }));
  expect(answers.slice(0, 60).every((answer) => answer === 303)).toBe(true);
  expect(answers[60]).toBe(429);

  const signIn = await fetch(`${second.origin}/areaOE/auth/sign-in?returnTo=%2FareaOE%2F`, { headers: { "accept-language": "pt-PT" }, redirect: "manual" });
  expect(signIn.status).toBe(503);
  expect(await signIn.text()).toContain("O início de sessão está indisponível por momentos");
  const signInEn = await fetch(`${first.origin}/areaOE/auth/sign-in`, { headers: { "accept-language": "en" }, redirect: "manual" });
  expect(signInEn.status).toBe(503);
  expect(await signInEn.text()).toContain("Sign-in is unavailable for a moment");

  // Signed out during the outage: the cookie is cleared now, its revocation written when Redis is back.
  const signOut = await fetch(`${first.origin}/areaOE/auth/sign-out`, {
    method: "POST",
    headers: { cookie: kept, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: "returnTo=%2FareaOE%2F",
    redirect: "manual",
  });
  expect(signOut.status).toBe(303);
  await signOut.body?.cancel();

  for (const [index, instance] of instances.entries()) {
    expect(errorRecords(instance, offsets[index])).toEqual([]);
    const warnings = instance
      .output()
      .slice(offsets[index])
      .split("\n")
      .filter((line) => line.includes('"level":40') && line.includes("Redis unavailable"));
    expect(warnings.length).toBeLessThanOrEqual(1); // one a minute, however many requests failed
    expect(await status(`${instance.origin}/areaOE/api/health`)).toBe(200);
  }

  await redis.start();
  await Promise.all(instances.map((instance) => waitFor(async () => (await readiness(instance)).sharedState === undefined, 20_000, `${instance.origin} using Redis again`)));
  const cookie = await demoSignIn(second.origin);
  const authenticated = async (instance: RunningServer, sessionCookie: string) =>
    ((await (await fetch(`${instance.origin}/areaOE/api/session`, { headers: { cookie: sessionCookie } })).json()) as { authenticated: boolean }).authenticated;
  expect(await authenticated(first, cookie)).toBe(true);
  // The copy of the cookie signed out during the outage is refused by both.
  expect(await authenticated(first, kept)).toBe(false);
  expect(await authenticated(second, kept)).toBe(false);
  expect(second.output().slice(offsets[1])).toContain("Redis answers again");
});

test("SIGTERM: the request in flight gets its answer, ready answers 503 before the exit, exit code 0", async () => {
  test.setTimeout(120_000);
  const instance = await startInstance({ AREAOE_SHUTDOWN: JSON.stringify({ readyGraceMs: 1_500, drainTimeoutMs: 20_000 }) });
  await waitFor(() => ready(instance), 20_000, "the new instance ready");
  const { port } = new URL(instance.origin);
  const body = `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body/></soap:Envelope>`;
  // A request in flight: its headers and half its body are sent, the rest after the signal.
  const socket = connect(Number(port), "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(`POST ${SANDBOX} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  socket.write(body.slice(0, 40));
  await new Promise((resolve) => setTimeout(resolve, 200));

  instance.signal("SIGTERM");
  // Ready turns false at once (the listener still accepts during the grace, so the balancer sees it).
  await waitFor(async () => (await status(`${instance.origin}/areaOE/api/ready`)) === 503, 1_000, "ready 503 after SIGTERM");
  expect(await status(`${instance.origin}/areaOE/api/health`)).toBe(200);
  // After the grace the listener accepts nothing new, while the request in flight is still open.
  await new Promise((resolve) => setTimeout(resolve, 1_800));
  await expect(fetch(`${instance.origin}/areaOE/api/health`)).rejects.toThrow();
  expect(answer).toBe("");

  socket.write(body.slice(40));
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 (200|400|500) /);
  expect(answer).toContain(":Envelope");
  expect(await instance.exited).toBe(0);
  const log = instance.output();
  expect(log).toContain("stopping: readiness answers 503");
  expect(log).toMatch(/"msg":"stopped"/);
  expect(errorRecords(instance)).toEqual([]);
});
