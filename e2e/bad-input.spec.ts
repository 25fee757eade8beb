import { request as httpRequest } from "node:http";
import { test, expect } from "@playwright/test";

// Bad input against the production server (bad input from a stranger): always a clear 4xx, never a 500 and
// never a stack trace. Raw node:http requests, so that paths are sent exactly as written (a browser
// or fetch would normalise `..` and refuse malformed escapes).

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const base = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3210");
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, path, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const INTERNALS = /\bat \S+ \(|node_modules|Error: |stack/i;

/** The answer without the portal's inline stylesheet, whose CSS (`--colour-error: …`) is no internal. */
const withoutStylesheet = (body: string) => body.replace(/<style[^>]*>[^<]*<\/style>/g, "");

function expectCleanClientError(response: RawResponse, status: number) {
  expect(response.status).toBe(status);
  expect(withoutStylesheet(response.body)).not.toMatch(INTERNALS);
  expect(response.headers["x-powered-by"]).toBeUndefined();
}

test("a malformed escape in the path or the query is a 400", async () => {
  expectCleanClientError(await raw("/areaOE/public/%E0%A4%A"), 400);
  expectCleanClientError(await raw("/areaOE/public/iecs?q=%E0%A4%A"), 400);
});

test("an overlong address is a 414", async () => {
  expectCleanClientError(await raw(`/areaOE/public/iecs?q=${"a".repeat(5000)}`), 414);
});

test("huge headers are refused with 431", async () => {
  const response = await raw("/areaOE/", { headers: { "X-Big": "x".repeat(40_000) } });
  expect(response.status).toBe(431);
});

test("an unknown lang value falls back to Portuguese", async () => {
  const response = await raw("/areaOE/public/iecs?lang=klingon");
  expect(response.status).toBe(200);
  expect(response.body).toContain('<html lang="pt"');
  expect(response.headers["set-cookie"]).toBeUndefined();
});

test("a malformed language cookie is ignored", async () => {
  const response = await raw("/areaOE/public/iecs", { headers: { Cookie: "lang=%E0%A4%A; other" } });
  expect(response.status).toBe(200);
  expect(response.body).toContain('<html lang="pt"');
});

for (const path of [
  "/areaOE/assets/../../package.json",
  "/areaOE/assets/..%2f..%2fpackage.json",
  "/areaOE/assets/%2e%2e/%2e%2e/package.json",
  "/areaOE/assets/....//....//package.json",
  "/areaOE/assets/does-not-exist.js",
]) {
  test(`path traversal or a missing asset never serves a file: ${path}`, async () => {
    const response = await raw(path);
    expect([400, 403, 404]).toContain(response.status);
    expect(response.body).not.toContain('"name": "areaoe"');
    expect(withoutStylesheet(response.body)).not.toMatch(INTERNALS);
  });
}

test("HEAD on a page answers without a body", async () => {
  const response = await raw("/areaOE/public/iecs", { method: "HEAD" });
  expect(response.status).toBe(200);
  expect(response.body).toBe("");
});

test("OPTIONS on a page says which methods are allowed", async () => {
  const response = await raw("/areaOE/public/iecs", { method: "OPTIONS" });
  expect(response.status).toBe(204);
  expect(String(response.headers.allow)).toContain("GET");
});

for (const method of ["DELETE", "PUT", "PATCH", "POST"]) {
  test(`${method} on a page is a 405 with Allow`, async () => {
    const response = await raw("/areaOE/public/iecs", { method });
    expectCleanClientError(response, 405);
    expect(String(response.headers.allow)).toContain("GET");
  });
}

test("a non-GET method on an asset is a 405", async () => {
  expectCleanClientError(await raw("/areaOE/assets/anything.js", { method: "DELETE" }), 405);
});

test("the error endpoint refuses other methods with 405", async () => {
  const response = await raw("/areaOE/api/client-errors", { method: "GET" });
  expectCleanClientError(response, 405);
});

for (const path of ["/robots.txt", "/wp-login.php", "/areaOEx/public/iecs"]) {
  test(`an address outside the portal is a plain 404, not a page render: ${path}`, async () => {
    const response = await raw(path);
    expectCleanClientError(response, 404);
    expect(response.body).not.toContain("__reactRouterContext");
    expect(String(response.headers["content-security-policy"])).toContain("default-src 'self'");
  });
}
