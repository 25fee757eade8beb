import { spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { generateSecurityHeader, parseAuthorityKey, verifySecurityHeader } from "@areaoe/security-header/node";
import { apiPath, assetPath, pageHref, RENEWAL_REMINDER_PATH, SIGN_IN_PATH } from "../../app/server-surface";
import { createLogger } from "../logger";
import { createPortalMetrics, decryptedNonce, type PortalMetrics } from "./portal-metrics";
import { isValidRequestId, RequestContext, requestIdHeader, requestObserver } from "./request-id";
import { routeKinds } from "./route-kind";
import { METRICS_PATH, startMetricsServer } from "./metrics-server";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
afterAll(() => agent.destroy());

function get(port: number, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The exposition's series (sample lines), without comments. */
const seriesOf = async (metrics: PortalMetrics) => (await metrics.registry.metrics()).split("\n").filter((line) => line !== "" && !line.startsWith("#"));

describe("route kinds", () => {
  it("come from the page manifest and the paths module, with one kind for everything unknown", () => {
    const kindOf = routeKinds();
    expect(kindOf(pageHref("import"))).toBe("text");
    expect(kindOf(`${pageHref("home")}?lang=en`)).toBe("text");
    expect(kindOf(pageHref("search"))).toBe("tool");
    expect(kindOf(pageHref("web-services"))).toBe("tool");
    expect(kindOf(apiPath("time"))).toBe("api");
    expect(kindOf(SIGN_IN_PATH)).toBe("auth");
    expect(kindOf("/areaOE/sandbox/soap")).toBe("sandbox");
    expect(kindOf("/areaOE/assets/entry.client-abc123.js")).toBe("asset");
    expect(kindOf(assetPath("favicon.svg"))).toBe("asset");
    expect(kindOf(assetPath("downloads/areaoe-security-header.jar"))).toBe("download");
    expect(kindOf(RENEWAL_REMINDER_PATH)).toBe("download");
    for (const unknown of ["/", "/wp-login.php", "/areaOE/nothing-here", `${pageHref("import")}/`, "/areaOE/metrics"]) expect(kindOf(unknown), unknown).toBe("other");
  });
});

describe("request ids", () => {
  it("take a proxy's id only when it is well formed", () => {
    for (const good of ["0f8e6c1a-1b2c-4d5e-8f90-123456789abc", "7F000001:C1A2_7F000001:1F90_6565F3B2_0001:1A2B", "a"]) expect(isValidRequestId(good), good).toBe(true);
    for (const bad of ["", "two words", 'quote"', "new\nline", "x".repeat(129), undefined, ["a", "b"]]) expect(isValidRequestId(bad), String(bad)).toBe(false);
  });

  it("are the trusted proxy's, else new; in the answer's X-Request-Id and in every log line written while answering", async () => {
    const lines: Record<string, unknown>[] = [];
    const context = new RequestContext();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const captured = createLogger("info", { requestId: context.currentId, destination: sink });
    let trusted = false;
    const metrics = createPortalMetrics();
    // As server/app.ts composes them: the id given first, on the response for whatever answers.
    const port = await listen(
      requestObserver({ metrics, context, trustedPeer: () => trusted })(
        requestIdHeader((req, res) => {
          captured.info({ path: req.url }, "answering");
          setTimeout(() => {
            captured.info("later, in the same request");
            res.end("ok");
          }, 1);
        }),
      ),
    );
    const own = await get(port, "/areaOE/", { "x-request-id": "proxy-id-1" });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/); // an untrusted peer's id is not taken
    trusted = true;
    const proxied = await get(port, "/areaOE/", { "x-request-id": "proxy-id-2" });
    expect(proxied.headers["x-request-id"]).toBe("proxy-id-2");
    const invalid = await get(port, "/areaOE/", { "x-request-id": "a b" });
    expect(invalid.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const ids = [own.headers["x-request-id"], "proxy-id-2", invalid.headers["x-request-id"]];
    for (const id of ids) expect(lines.filter((line) => line.reqId === id), String(id)).toHaveLength(2);
    captured.info({ phase: "start" }, "outside any request");
    captured.info({ phase: "stop" }, "outside any request");
    expect(lines.at(-1)).toMatchObject({ phase: "stop" });
    expect(lines.at(-1)).not.toHaveProperty("reqId");
  });
});

describe("the metrics", () => {
  it("keep their series whatever the addresses, methods and ids strangers send (bounded labels)", async () => {
    const metrics = createPortalMetrics();
    const context = new RequestContext();
    const port = await listen(
      requestObserver({ metrics, context, trustedPeer: () => true })((req, res) => {
        res.statusCode = req.url?.startsWith("/areaOE/api/") ? 200 : 404;
        res.end();
      }),
    );
    const warmUp = async () => {
      await get(port, apiPath("time"));
      await get(port, `/areaOE/random-${randomBytes(4).toString("hex")}`);
    };
    await warmUp();
    const before = await seriesOf(metrics);
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(
        Array.from({ length: 100 }, () => {
          const junk = randomBytes(12).toString("base64url");
          return Math.random() < 0.5
            ? get(port, `/areaOE/${junk}?q=${junk}&user=${junk}`, { "x-request-id": junk, "user-agent": junk })
            : get(port, `${apiPath(junk)}?${junk}=1`);
        }),
      );
    }
    const after = await seriesOf(metrics);
    expect(after.map((line) => line.replace(/ [^ ]+$/, ""))).toEqual(before.map((line) => line.replace(/ [^ ]+$/, "")));
    const counted = after.find((line) => line.startsWith('areaoe_http_request_duration_seconds_count{kind="other",method="GET",status_class="4xx",cache="none"}'));
    expect(Number(counted?.split(" ").at(-1))).toBeGreaterThan(400);
  });

  it("count a header check's verdict, its findings' codes and its RSA decryption", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey: parseAuthorityKey(publicKey.export({ type: "spki", format: "pem" }).toString()), form: "digest" });
    const metrics = createPortalMetrics();
    const good = verifySecurityHeader(header.xml, { privateKey: privatePem, password: "p" });
    const wrongPassword = verifySecurityHeader(header.xml, { privateKey: privatePem, password: "q" });
    const notXml = verifySecurityHeader("<a", { privateKey: privatePem });
    const noNonce = verifySecurityHeader(header.xml.replace(/<[^>]*Nonce[^>]*>[^<]*<\/[^>]*Nonce>/, ""), { privateKey: privatePem });
    expect([good, wrongPassword, notXml, noNonce].map(decryptedNonce)).toEqual([true, true, false, false]);
    for (const result of [good, wrongPassword, notXml, noNonce]) metrics.headerChecked("soap", result, 0.002);
    const text = await metrics.registry.metrics();
    expect(text).toContain('areaoe_header_checks_total{surface="soap",verdict="accepted"} 1');
    expect(text).toContain('areaoe_header_checks_total{surface="soap",verdict="refused"} 3');
    expect(text).toContain('areaoe_header_check_findings_total{surface="soap",code="PASSWORD_MISMATCH"} 1');
    expect(text).toContain('areaoe_header_check_findings_total{surface="soap",code="NOT_XML"} 1');
    expect(text).toContain('areaoe_rsa_private_key_operations_total{surface="soap"} 2');
  });

  it("are served on their own listener at /metrics only, and pass promtool's check", async () => {
    const metrics = createPortalMetrics({ processMetrics: true });
    metrics.pageCache.watch(() => ({ entries: 2, bytes: { identity: 300, gzip: 120, br: 100 } }));
    metrics.watchCertificates(() => [{ environment: "test", notAfter: new Date(Date.now() + 86_400_000).toISOString() }, { environment: "production", notAfter: null }]);
    const server = startMetricsServer({ registry: metrics.registry, port: 0, host: "127.0.0.1", logger: createLogger("silent") });
    servers.push(server);
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
    const port = (server.address() as AddressInfo).port;
    const scraped = await get(port, METRICS_PATH);
    expect(scraped.status).toBe(200);
    expect(scraped.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraped.body).toContain('areaoe_page_cache_stored_bytes{encoding="gzip"} 120');
    expect(scraped.body).toMatch(/areaoe_authority_certificate_expiry_seconds\{environment="test"\} 86\d{3}/);
    expect(scraped.body).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(scraped.body).toContain("nodejs_heap_size_used_bytes");
    expect((await get(port, "/")).status).toBe(404);
    expect((await get(port, "/areaOE/")).status).toBe(404);
    const promtool = spawnSync("promtool", ["--version"]);
    if (promtool.error) {
      console.warn("promtool check metrics skipped: promtool is not installed (Debian package prometheus)");
      return;
    }
    const checked = spawnSync("promtool", ["check", "metrics"], { input: scraped.body, encoding: "utf8" });
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe("");
    expect(checked.status).toBe(0);
  });
});


describe("the request histogram", () => {
  it("exposes what prom-client's own Histogram would for the same observations", async () => {
    const { Histogram, Registry } = await import("prom-client");
    const { RequestHistogram } = await import("./request-histogram");
    const ours = new Registry();
    const theirs = new Registry();
    const labelNames = ["kind", "method"] as const;
    const fast = new RequestHistogram({ name: "t_seconds", help: "t", labelNames, labels: [["text", "api"], ["GET", "POST"]], buckets: [0.001, 0.01, 0.1], registers: [ours] });
    const plain = new Histogram({ name: "t_seconds", help: "t", labelNames, buckets: [0.001, 0.01, 0.1], registers: [theirs] });
    const observations: [number, number, number][] = [[0, 0, 0.0005], [0, 0, 0.001], [0, 0, 0.05], [1, 1, 0.2], [1, 0, 0.01], [0, 0, 3]];
    for (const [kind, method, seconds] of observations) {
      fast.record([kind, method], seconds);
      plain.observe({ kind: ["text", "api"][kind] as string, method: ["GET", "POST"][method] as string }, seconds);
    }
    const lines = (text: string) => text.split("\n").filter((line) => line !== "").sort();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
  });
});

describe("render admission's metrics", () => {
  it("count renders queued and refused by reason, and show the slots in use", async () => {
    const { renderAdmission } = await import("../http/render-admission");
    const metrics = createPortalMetrics();
    const admission = renderAdmission({ maxConcurrent: 1, maxWaitMs: 50, maxQueue: 1, busy: () => undefined, metrics: metrics.admission });
    const first = await admission.slot("a");
    const waiting = admission.slot("b"); // queued, then refused after 50 ms
    const full = await admission.slot("c"); // the queue is full
    expect(full).toBeUndefined();
    expect(await metrics.registry.metrics()).toContain('areaoe_render_admission_slots{state="waiting"} 1');
    expect(await waiting).toBeUndefined();
    first?.();
    const text = await metrics.registry.metrics();
    expect(text).toContain("areaoe_render_admission_queued_total 1");
    expect(text).toContain('areaoe_render_admission_refused_total{reason="queue_full"} 1');
    expect(text).toContain('areaoe_render_admission_refused_total{reason="waited_too_long"} 1');
    expect(text).toContain('areaoe_render_admission_refused_total{reason="client_queue_full"} 0');
    expect(text).toContain('areaoe_render_admission_slots{state="running"} 0');
  });
});

describe("the shared state's metrics", () => {
  it("have no Redis series without Redis (not 0, 'down', which AreaoeRedisFallback would page for), and 1 or 0 with it", async () => {
    const metrics = createPortalMetrics();
    const sample = async () => (await seriesOf(metrics)).filter((line) => line.startsWith("areaoe_redis_up"));
    expect(await sample()).toEqual([]);
    let up = true;
    metrics.sharedState.watch(() => up);
    expect(await sample()).toEqual(["areaoe_redis_up 1"]);
    up = false;
    expect(await sample()).toEqual(["areaoe_redis_up 0"]);
  });
});
