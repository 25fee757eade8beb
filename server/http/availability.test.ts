// Availability against the production build, over real HTTP on loopback: one client cannot make others
// wait (render budget, cache key), every input is a 4xx (never a 500), each log record one JSON line.
// Needs a build (AREAOE_BUILD_DIR, else build/): skipped, naming the missing file, without one.
import { existsSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer, type RunningServer } from "./test-production-server";

const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const BUILD = path.resolve(BUILD_DIR, "server/index.js");
const haveBuild = existsSync(BUILD);
if (!haveBuild) console.warn(`availability tests skipped: no production build at ${BUILD} (run the build first)`);

const PAGE = "/areaOE/public/importacao";
const CHECKER = "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader";
const LIMITS = { rendersPerSecond: 2, renderBurst: 6, searchesPerSecond: 1, searchBurst: 3, bodyDeadlineMs: 1_000 };

let server: RunningServer | undefined;
let port = 0;
/** Every status the battery received (no 500 allowed, whatever the input). */
const statuses: number[] = [];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Name, value, name, value… as received (Node joins repeated headers in `headers`). */
  rawHeaders: string[];
  body: string;
}

/** One request with exactly these headers (node:http: fetch does not let a test set Host). */
function send(target: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        statuses.push(res.statusCode ?? 0);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A raw request line and headers on a socket; resolves with what came back (first line) and when. */
function raw(text: string, { waitMs = 5_000 } = {}): Promise<{ head: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const done = () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status) statuses.push(Number(status));
      resolve({ head: received.split("\r\n")[0] ?? "", ms: Date.now() - started });
    };
    socket.on("close", done);
    socket.on("error", () => undefined);
    setTimeout(() => socket.destroy(), waitMs).unref();
  });
}

const client = (n: number) => ({ "x-forwarded-for": `10.29.0.${n}` });

/**
 * Runs a burst from one client and keeps it only if it ended within one budget window (seconds): a
 * budget counts per window, so a burst that a loaded machine stretched across two windows proves
 * nothing either way. Such a burst is run again, from another client (first + 100, + 200).
 */
async function withinOneWindow<T>(windowSeconds: number, first: number, burst: (from: number) => Promise<T>): Promise<T> {
  for (const from of [first, first + 100, first + 200]) {
    const started = performance.now();
    const result = await burst(from);
    if (performance.now() - started < windowSeconds * 1_000) return result;
  }
  throw new Error(`three bursts each took longer than one ${windowSeconds} s budget window: the machine is too loaded to test the budget`);
}
const logRecords = () =>
  (server?.output() ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "");

/**
 * The log lines that `matches` picks, once at least one has arrived: the server writes its log through a
 * pipe, which a loaded machine may deliver after the answer (2 s at most).
 */
async function loggedLines(matches: (line: string) => boolean): Promise<string[]> {
  const deadline = Date.now() + 2_000;
  let lines = logRecords().filter(matches);
  while (lines.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    lines = logRecords().filter(matches);
  }
  return lines;
}

beforeAll(async () => {
  if (!haveBuild) return;
  port = await freePort();
  server = await startProductionServer(
    port,
    BUILD_DIR,
    {
      LOG_LEVEL: "info",
      // Both schemes of one host (a proxy on loopback says which one the visitor used), and one
      // host that is https only.
      AREAOE_PUBLIC_ORIGIN: `http://127.0.0.1:${port},https://127.0.0.1:${port},https://localhost:${port}`,
      AREAOE_LIMITS: JSON.stringify(LIMITS),
    },
    { capture: true },
  );
}, 160_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!haveBuild)("availability against the production build", () => {
  it("F2: every spelling of a page answers 301 to its one address; /areaOE goes to /areaOE/", async () => {
    for (const variant of ["/areaOE/PUBLIC/importacao", "/areaOE/public/import%61cao", "/areaOE/public/importacao/", "/areaOE/public/./importacao", `${PAGE}?`]) {
      const answer = await send(variant, { headers: client(1) });
      expect([variant, answer.status, answer.headers.location]).toEqual([variant, 301, PAGE]);
    }
    expect((await send(`${PAGE}?lang=pt&`, { headers: client(1) })).headers.location).toBe(`${PAGE}?lang=pt`);
    const base = await send("/areaOE", { headers: client(1) });
    expect([base.status, base.headers.location]).toEqual([301, "/areaOE/"]);
  });

  it("F1/F2: unknown query parameters and made-up session cookies get the page's one cache entry, not a render each", async () => {
    await send(PAGE, { headers: client(2) });
    const answers = [];
    for (let n = 0; n < 20; n += 1) answers.push(await send(`${PAGE}?x=${n}`, { headers: client(2) }));
    for (let n = 0; n < 10; n += 1) answers.push(await send(PAGE, { headers: { ...client(2), cookie: `areaoe_session=x${n}` } }));
    answers.push(await send(PAGE, { method: "HEAD", headers: client(2) }));
    // Far more than the budget (6 renders): all hits, so none refused.
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.every((answer) => /\bhit\b/.test(String(answer.headers["cache-status"])))).toBe(true);
  });

  it("F1: renders past a client's budget answer 429 with Retry-After and a short text in its language; other clients still get pages", async () => {
    const { flood, from } = await withinOneWindow(LIMITS.renderBurst / LIMITS.rendersPerSecond, 3, async (from) => {
      const answers: Answer[] = [];
      for (let n = 0; n < 12; n += 1) answers.push(await send(`/areaOE/no-such-page-${n}`, { headers: { ...client(from), "accept-language": "en" } }));
      return { flood: answers, from };
    });
    const refused = flood.filter((answer) => answer.status === 429);
    expect(flood.filter((answer) => answer.status === 404).length).toBeLessThanOrEqual(LIMITS.renderBurst + 1);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(Number(refused[0]?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.headers["content-type"]).toMatch(/^text\/plain/);
    expect(refused[0]?.body).toMatch(/^Too many requests/);
    const pt = await send("/areaOE/public/pesquisa?q=certificado", { headers: { ...client(from), "accept-language": "pt-PT" } });
    expect([pt.status, pt.body.startsWith("Demasiados pedidos")]).toEqual([429, true]);
    // Another client is not affected: a render of its own, at once.
    expect((await send("/areaOE/public/pesquisa?q=certificado", { headers: client(4) })).status).toBe(200);
    // The refusals were logged once for that client, not once each.
    expect(await loggedLines((line) => line.includes(`10.29.0.${from}"`) && line.includes("spent its budget"))).toHaveLength(1);
    expect(logRecords().filter((line) => line.includes('"statusCode":429'))).toHaveLength(0);
  });

  it("F1: searches spend a smaller budget of their own, on top of the render budget; the empty search form does not", async () => {
    const words = (n: number) => `/areaOE/public/pesquisa?q=${encodeURIComponent(`certificado importação ${n}`)}`;
    const { flood, from } = await withinOneWindow(LIMITS.searchBurst / LIMITS.searchesPerSecond, 9, async (from) => {
      const answers: Answer[] = [];
      for (let n = 0; n < 4; n += 1) answers.push(await send(words(n), { headers: { ...client(from), "accept-language": "en" } }));
      return { flood: answers, from };
    });
    expect(flood.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(Number(flood[3]?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The same client still gets other renders (4 of its 6 spent) and the empty form.
    expect((await send("/areaOE/no-such-page", { headers: client(from) })).status).toBe(404);
    expect((await send("/areaOE/public/pesquisa", { headers: client(from) })).status).toBe(200);
    expect(await loggedLines((line) => line.includes(`10.29.0.${from}"`) && line.includes('"budget":"searches"'))).toHaveLength(1);
  });

  it("F3: an absolute-form request line answers 400, never 500", async () => {
    const { head } = await raw(`GET http://127.0.0.1:${port}/areaOE/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(head).toBe("HTTP/1.1 400 Bad Request");
  });

  it("F4: a trusted proxy's X-Forwarded-Proto other than http/https is the socket's protocol, not a 500", async () => {
    for (const proto of ["a b", "https:", "ftp"]) {
      expect((await send("/areaOE/public/exportacao?utm=1", { headers: { ...client(5), "x-forwarded-proto": proto } })).status).toBe(200);
    }
  });

  it("F5: a checker POST that is not a form answers 415, a broken form 400", async () => {
    const post = (type: string, body: string) => send(CHECKER, { method: "POST", headers: { ...client(6), "content-type": type, "content-length": String(Buffer.byteLength(body)) }, body });
    expect((await post("application/json", '{"xml":"<a/>"}')).status).toBe(415);
    expect((await post("text/plain", "xml=<a/>")).status).toBe(415);
    expect((await post("multipart/form-data; boundary=x", "--x\r\nbroken")).status).toBe(400);
  });

  it("R1: an empty, truncated or duplicated form body answers 4xx, never 500, on every form the server takes", async () => {
    const checker = (headers: Record<string, string>, body?: string, target = CHECKER) => send(target, { method: "POST", headers: { ...client(11), ...headers }, ...(body === undefined ? {} : { body }) });
    // The review's empty POST: no body, no Content-Type (and the same with Content-Length: 0).
    expect((await checker({})).status).toBe(415);
    expect((await checker({ "content-length": "0" })).status).toBe(415);
    expect((await checker({ "content-length": "0" }, undefined, `${CHECKER}.data`)).status).toBe(415);
    // An empty or truncated multipart is a broken form (400); an empty urlencoded form is the page saying nothing was pasted.
    expect((await checker({ "content-type": "multipart/form-data; boundary=x", "content-length": "0" })).status).toBe(400);
    const truncated = '--x\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n<a/>';
    expect((await checker({ "content-type": "multipart/form-data; boundary=x", "content-length": String(truncated.length) }, truncated)).status).toBe(400);
    expect((await checker({ "content-type": "multipart/form-data", "content-length": "3" }, "a=b")).status).toBe(400);
    expect((await checker({ "content-type": "application/x-www-form-urlencoded", "content-length": "0" })).status).toBe(200);
    // Duplicated fields: the first counts.
    const twice = "envelope=&envelope=%3Ca%2F%3E&password=&password=x";
    expect((await checker({ "content-type": "application/x-www-form-urlencoded", "content-length": String(twice.length) }, twice)).status).toBe(200);
    // Two different lengths: Node's parser refuses the request (400) before the portal sees it.
    const { head } = await raw(`POST ${CHECKER} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nContent-Length: 4\r\nConnection: close\r\n\r\na=b`);
    expect(head).toBe("HTTP/1.1 400 Bad Request");
    // Sign-out's small form: empty, a charset nobody decodes, duplicated fields.
    const signOut = (headers: Record<string, string>, body?: string) => send("/areaOE/auth/sign-out", { method: "POST", headers: { ...client(11), ...headers }, ...(body === undefined ? {} : { body }) });
    expect((await signOut({})).status).toBe(303);
    expect((await signOut({ "content-type": "application/x-www-form-urlencoded; charset=utf-7", "content-length": "3" }, "a=b")).status).toBe(415);
    expect((await signOut({ "content-type": "application/x-www-form-urlencoded", "content-length": "23" }, "returnTo=/a&returnTo=/b")).status).toBe(303);
    // The sandbox and the error reports: empty bodies.
    expect((await send("/areaOE/sandbox/soap", { method: "POST", headers: { ...client(11), "content-length": "0" } })).status).toBe(415);
    expect((await send("/areaOE/sandbox/soap", { method: "POST", headers: { ...client(11), "content-type": "text/xml", "content-length": "0" } })).status).toBe(400);
    expect((await send("/areaOE/api/client-errors", { method: "POST", headers: { ...client(11), "content-type": "application/json", "content-length": "0" } })).status).toBeLessThan(500);
  });

  it("R4: one address is one client, however a trusted proxy spells it", async () => {
    // Four spellings of 1.2.3.7 and two values that are no address (counted as the proxy, the socket's
    // address): before, five budgets of 6 renders; now 1.2.3.7 spends one.
    const spellings = ["1.2.3.7:1", "1.2.3.7:2", "001.002.003.007", "16909063", "::ffff:1.2.3.7"];
    const flood: Answer[] = [];
    for (let n = 0; n < 12; n += 1) flood.push(await send(`/areaOE/no-such-page-r4-${n}`, { headers: { "x-forwarded-for": spellings[n % spellings.length] ?? "" } }));
    // 1.2.3.7 made 8 of the 12 (its three spellings): 6 rendered, 2 refused.
    expect(flood.filter((answer) => answer.status === 429)).toHaveLength(2);
    expect(await loggedLines((line) => line.includes('"client":"1.2.3.7"') && line.includes("spent its budget"))).toHaveLength(1);
  });

  it("R5: program sources download as plain text; a ?lang= answer is private; one Cache-Control per answer", async () => {
    for (const file of ["samples/areaoe-header.php", "samples/areaoe-header.mjs", "samples/areaoe_header.py", "areaoe-security-header.mjs", "areaoe-security-header.groovy"]) {
      const answer = await send(`/areaOE/downloads/${file}`, { headers: client(12) });
      const name = file.split("/").pop() ?? "";
      expect([file, answer.status, answer.headers["content-type"], answer.headers["content-disposition"]]).toEqual([file, 200, "text/plain; charset=utf-8", `attachment; filename="${name}"`]);
    }
    // Data stays data.
    expect((await send("/areaOE/downloads/security-header-faults.json", { headers: client(12) })).headers["content-type"]).toMatch(/^application\/json/);
    // Every answer at a ?lang= address sets the language cookie: never for a shared cache (the Express
    // path first, then the early answer of the stored page), a hydrated page as well as a page of text.
    for (const page of ["/areaOE/public/exportacao?lang=en", "/areaOE/public/webservices?lang=en"]) {
      for (const round of [1, 2]) {
        const answer = await send(page, { headers: client(12) });
        expect([page, round, answer.status, /^private\b/.test(String(answer.headers["cache-control"])), String(answer.headers["set-cookie"]).startsWith("lang=en")]).toEqual([page, round, 200, true, true]);
      }
    }
    // First steps (the visitor's own page): one Cache-Control, the route's.
    const firstSteps = await send("/areaOE/public/primeirosPassos", { headers: client(12) });
    const cacheControls = firstSteps.rawHeaders.filter((_value, index) => index % 2 === 0 && firstSteps.rawHeaders[index]?.toLowerCase() === "cache-control").length;
    expect([firstSteps.status, cacheControls, firstSteps.headers["cache-control"]]).toEqual([200, 1, "private, no-store"]);
  });

  it("F6: HSTS and the lang cookie's Secure are per response, whoever came first", async () => {
    // localhost is configured as an https origin only: a proxy that says nothing about the protocol
    // (or a peer that is not trusted) still serves visitors of https://localhost.
    const host = { host: `localhost:${port}` };
    const page = "/areaOE/public/transito";
    // The first visitor's request carries no X-Forwarded-Proto (the page is stored with its headers);
    // later ones say https.
    const first = await send(page, { headers: { ...client(7), ...host } });
    const later = await send(page, { headers: { ...client(7), ...host, "x-forwarded-proto": "https" } });
    for (const answer of [first, later]) expect(answer.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(later.headers["cache-status"])).toMatch(/\bhit\b/);
    // The plain-HTTP origin never gets HSTS, from the same stored page.
    expect((await send(page, { headers: client(7) })).headers["strict-transport-security"]).toBeUndefined();
    // The language cookie is Secure on the Express path (first) and the early answer (second) alike.
    const chosen = await send(`${page}?lang=en`, { headers: { ...client(7), ...host } });
    const again = await send(`${page}?lang=en`, { headers: { ...client(7), ...host } });
    expect(String(again.headers["cache-status"])).toMatch(/\bhit\b/);
    for (const answer of [chosen, again]) expect(String(answer.headers["set-cookie"])).toMatch(/; Secure/i);
  });

  it("F10: the WSDL's address is the trusted origin, whatever the protocol header says", async () => {
    const wsdl = await send("/areaOE/sandbox/soap?wsdl", { headers: { ...client(8), "x-forwarded-proto": "a b" } });
    expect(wsdl.status).toBe(200);
    expect(wsdl.body).toContain(`location="http://127.0.0.1:${port}/areaOE/sandbox/soap"`);
  });

  it("I1: a body that trickles to the SOAP sandbox or the error endpoint is cut at the body deadline (408)", async () => {
    for (const [target, type] of [
      ["/areaOE/sandbox/soap", "text/xml"],
      ["/areaOE/api/client-errors", "application/json"],
    ] as const) {
      const { head, ms } = await raw(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: 10.29.0.9\r\nContent-Type: ${type}\r\nContent-Length: 500\r\n\r\n<a>`);
      expect(head, target).toBe("HTTP/1.1 408 Request Timeout");
      expect(ms).toBeLessThan(LIMITS.bodyDeadlineMs + 2_500);
    }
  });

  it("the battery answered no 500, and every log record is one JSON line, none at error level", async () => {
    // A refusal of React Router itself (a data request for a route that has no loader) is info.
    await send(`${PAGE}.data?_routes=no-such-route`, { headers: client(10) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const records = logRecords();
    const notJson = records.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(records.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
  });
});
