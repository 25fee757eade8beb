import { randomBytes } from "node:crypto";
import { request as httpRequest, type ClientRequest } from "node:http";
import { test, expect } from "@playwright/test";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header";
import { demoSignIn } from "../scripts/harness/demo-sign-in";
import { freePort, startProductionServer, type RunningServer } from "../scripts/harness/start-server";
import { apiPath } from "../app/config/paths";
import { pageHref } from "../app/config/site-map";

// What a single stranger could do cheaply to stall, crash or flood the portal, sent
// against the production build, with the outcome each must have. The checker and the sandbox share
// a rate limit per client; each test here comes from its own (documentation) address through the
// loopback proxy the server trusts by default, so they do not use up the other specs' budget.

const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const SOAP = "/areaOE/sandbox/soap";
const CHECKER = pageHref("security-header-check");
const HEALTH = apiPath("health");

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function baseOf(origin?: string): URL {
  return new URL(origin ?? test.info().project.use.baseURL ?? "http://127.0.0.1:3210");
}

/** A raw request (Host and body exactly as given). */
function raw(
  path: string,
  { method = "GET", headers = {}, body, origin }: { method?: string; headers?: Record<string, string>; body?: string; origin?: string } = {},
): Promise<RawResponse> {
  const base = baseOf(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let client = 0;
/** A fresh client address for the per-client rate limits (X-Forwarded-For from the trusted loopback proxy). */
const newClient = () => `198.51.100.${(client += 1) + Math.floor(Math.random() * 200)}`;

test.describe("hostile input against the shared server", () => {
  test("the deep document gets its finding and a health check sent alongside answers at once", async () => {
    const deep = "<a>".repeat(5_400); // 16,200 bytes: well within the envelope's limit
    const [sandbox, health] = await Promise.all([
      raw(SOAP, { method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": newClient() }, body: deep }),
      raw(HEALTH),
    ]);
    expect(sandbox.status).toBe(400);
    expect(sandbox.body).toContain('code="XML_TOO_DEEP"');
    expect(health.status).toBe(200);

    // A body over the envelope's limit never reaches the parser: refused whole.
    const overLimit = "<a>".repeat(Math.ceil((MAX_VERIFY_INPUT_BYTES + 1) / 3));
    const large = await raw(SOAP, { method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": newClient() }, body: overLimit });
    expect(large.status).toBe(413);
  });

  test("the checker page says the deep document is nested too deep (pt)", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": newClient() });
    await page.goto(CHECKER);
    await page.getByLabel("Pedido SOAP ou cabeçalho de segurança").fill("<a>".repeat(5_000));
    await page.getByRole("button", { name: "Verificar cabeçalho" }).click();
    await expect(page.getByText("Os elementos estão aninhados demasiado fundo")).toBeVisible();
    await expect(page.getByText("XML_TOO_DEEP")).toBeVisible();
  });

  test("eight stalled checker bodies leave an uncached page answering 200", async () => {
    const base = baseOf();
    const stalled: ClientRequest[] = [];
    try {
      for (let i = 0; i < 8; i += 1) {
        const req = httpRequest({
          host: base.hostname,
          port: base.port,
          path: CHECKER,
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "4000", "X-Forwarded-For": newClient() },
        });
        req.on("error", () => undefined);
        req.write("envelope=%3Ca"); // and never the rest
        stalled.push(req);
      }
      // Uncached renders (a search: never kept; a page with a query): each needs a render slot.
      for (const path of ["/areaOE/public/pesquisa?q=certificado", `/areaOE/public/iecs?stalled=${Date.now()}`, "/areaOE/public/importacao?x=1"]) {
        const response = await raw(path, { headers: { "Accept-Language": "pt-PT" } });
        expect(response.status, path).toBe(200);
      }
    } finally {
      for (const req of stalled) req.destroy();
    }
  });

  test("a foreign Host gets 421 and a malformed one 400, before any page renders", async () => {
    for (const [host, status] of [
      ["evil.example", 421],
      ["127.0.0.1:1", 421],
      ['a"><x', 400],
    ] as const) {
      for (const path of ["/areaOE/", "/areaOE/public/importacao", "/areaOE/auth/sign-in"]) {
        const response = await raw(path, { headers: { Host: host } });
        expect(response.status, `${host} ${path}`).toBe(status);
        expect(response.headers["content-type"]).toMatch(/^text\/plain/);
        expect(response.headers["cache-status"]).toBeUndefined();
        expect(response.body).not.toMatch(/<html|evil|\bat \S+ \(/);
      }
    }
  });
});

test.describe("hostile input against an instance whose log is read", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startProductionServer(
      await freePort(),
      BUILD_DIR,
      { LOG_LEVEL: "info", AREAOE_DEV_IDP: "1", AREAOE_SESSION_SECRET: randomBytes(32).toString("base64url") },
      { capture: true },
    );
  });
  test.afterAll(async () => server?.stop());

  const logLines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });

  test("refused Hosts are one info line each, never an error or a stack", async () => {
    const before = logLines().length;
    expect((await raw("/areaOE/public/iecs", { headers: { Host: "evil.example" }, origin: server.origin })).status).toBe(421);
    expect((await raw("/areaOE/public/iecs", { headers: { Host: 'a"><x' }, origin: server.origin })).status).toBe(400);
    // The server's output arrives through a pipe: wait for the lines.
    await expect
      .poll(() => logLines().slice(before).map((line) => line.msg))
      .toEqual(["refused: the Host is not a public origin of the portal", "refused: malformed Host"]);
    const lines = logLines().slice(before);
    expect(lines.every((line) => line.level === 30 && line.err === undefined)).toBe(true);
    expect(logLines().some((line) => line.level >= 50)).toBe(false);
  });

  test("a refused SOAP header (HTTP 500 by SOAP 1.1) is logged at info", async () => {
    const before = logLines().length;
    const envelope = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body/></soapenv:Envelope>`;
    const response = await raw(SOAP, { method: "POST", headers: { "Content-Type": "text/xml" }, body: envelope, origin: server.origin });
    expect(response.status).toBe(500);
    expect(response.body).toContain("NO_SECURITY_HEADER");
    await expect.poll(() => logLines().slice(before).filter((line) => line.msg === "request completed").length).toBeGreaterThan(0);
    const lines = logLines().slice(before);
    expect(lines.every((line) => line.level < 50 && line.err === undefined)).toBe(true);
  });

  test("two reports of one error with different client digests make one line; a password in the URL is redacted", async () => {
    const report = {
      message: "Error: hostile-suite fault",
      stack: "Error: hostile-suite fault\n    at Widget (http://127.0.0.1/areaOE/assets/w.js:1:2)",
      componentStack: "",
      timestamp: new Date().toISOString(),
      userAgent: "HostileSuite/1.0",
      url: "http://127.0.0.1/areaOE/public/iecs?q=555555555&password=hunter2",
    };
    for (const digest of ["00000001", "00000002"]) {
      const response = await fetch(`${server.origin}/areaOE/api/client-errors`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...report, digest }),
      });
      expect(response.status).toBe(204);
    }
    await expect.poll(() => logLines().filter((line) => line.msg === "client error report" || line.req !== undefined).length).toBeGreaterThan(1);
    const logged = logLines().filter((line) => line.msg === "client error report");
    expect(logged).toHaveLength(1);
    const text = JSON.stringify(logged[0]);
    expect(text).not.toMatch(/hunter2|555555555|00000001|00000002/);
    expect((logged[0]?.clientError as { url: string }).url).toBe("http://127.0.0.1/areaOE/public/iecs");
  });

  test("a replayed sign-in callback is refused without a token request", async () => {
    let callback: { url: URL; cookie: string } | undefined;
    const session = await demoSignIn(server.origin, undefined, (url, cookie) => {
      if (url.pathname === "/areaOE/auth/callback") callback = { url, cookie };
    });
    expect(session).toMatch(/^areaoe_session=/);
    if (!callback) throw new Error("the sign-in never reached the callback");
    const replay = await fetch(callback.url, { headers: { cookie: callback.cookie }, redirect: "manual" });
    expect(replay.status).toBe(400);
    expect(replay.headers.get("set-cookie") ?? "").not.toContain("areaoe_session=ey");
    await expect
      .poll(() => logLines().filter((line) => line.msg === "sign-in callback refused: its sign-in transaction was already used").length)
      .toBe(1);
    // The token request happens only after this check (server/auth/auth-routes.ts); the unit test
    // counts token requests at a fake provider.
  });
});

test.describe("TRUST_PROXY", () => {
  test("1 (one reverse proxy) and true start; behind the proxy HTTPS is seen, and the value is logged", async () => {
    test.setTimeout(400_000);
    for (const [value, logged] of [
      ["1", 1],
      ["true", true],
    ] as const) {
      const server = await startProductionServer(await freePort(), BUILD_DIR, { LOG_LEVEL: "info", TRUST_PROXY: value }, { capture: true });
      try {
        const viaProxy = await raw("/areaOE/public/iecs", { headers: { "X-Forwarded-Proto": "https" }, origin: server.origin });
        expect(viaProxy.status).toBe(200);
        // req.secure: HSTS is sent only over HTTPS.
        expect(viaProxy.headers["strict-transport-security"], value).toBeDefined();
        const direct = await raw("/areaOE/public/iecs", { origin: server.origin });
        expect(direct.headers["strict-transport-security"]).toBeUndefined();
        const line = server
          .output()
          .split("\n")
          .find((text) => text.includes('"trustProxy"'));
        expect(JSON.parse(line ?? "{}").trustProxy).toEqual(logged);
      } finally {
        await server.stop();
      }
    }
  });

  test("anything else stops the start with a message", async () => {
    test.setTimeout(200_000);
    await expect(startProductionServer(await freePort(), BUILD_DIR, { TRUST_PROXY: "yes please" }, { capture: true })).rejects.toThrow(
      /trustProxy: "yes please" is not an IP address/,
    );
  });
});
