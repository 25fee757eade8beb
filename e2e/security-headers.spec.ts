import { test, expect, islandManifest, waitForPageReady } from "./support/fixtures";
import { ROUTED_PATHS } from "../scripts/harness/routed-pages";

function expectPolicy(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  // This response's nonce, or, on a page of text (a static document), the hashes of its inline scripts.
  expect(scriptSrc).toMatch(/'(nonce|sha256)-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  // Stylesheets: our own and Radix's scroll-lock styles by nonce (or hash); never
  // 'unsafe-inline'.
  const styleSrc = (/style-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
  expect(styleSrc[0]).toBe("'self'");
  for (const source of styleSrc.slice(1)) expect(source).toMatch(/^'(sha256|nonce)-[A-Za-z0-9+/=]+'$/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-powered-by"]).toBeUndefined();
}

for (const { path } of ROUTED_PATHS) {
  test(`${path}: security headers and no CSP violation once ready (hydrated, or loaded for a page of text)`, async ({ page, consoleErrors }) => {
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expectPolicy(response?.headers() ?? {});
    await waitForPageReady(page);
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });
}

test("assets, the API, errors and the language cookie follow the policy too", async ({ request }) => {
  for (const url of ["/areaOE/api/health", "/areaOE/assets/does-not-exist.js", "/areaOE/%E0%A4%A"]) {
    const response = await request.get(url);
    expect(response.status()).toBeLessThan(500);
    expectPolicy(response.headers());
  }
  const switched = await request.get("/areaOE/?lang=en");
  expect(switched.headers()["set-cookie"]).toMatch(/lang=en;.*HttpOnly/i);
  expect(switched.headers()["set-cookie"]).toMatch(/SameSite=Lax/i);
});

test("a hashed script carries only the headers a script needs, and is never revalidated", async ({ request }) => {
  // A page with islands (search): pages of text load no framework script at all.
  const html = await (await request.get("/areaOE/public/pesquisa")).text();
  // Its islands' loader preloads them once the page is idle (app/islands/island-head.ts).
  const script = islandManifest(html)?.runtime[0];
  expect(script, "the search page lists its scripts").toMatch(/^\/areaOE\/assets\/[^"]+\.js$/);
  const headers = (await request.get(script as string, { headers: { "Accept-Encoding": "br" } })).headers();
  expect(headers["content-type"]).toMatch(/javascript/);
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Document policies mean nothing on a script; validators mean nothing on an immutable file.
  for (const name of ["content-security-policy", "permissions-policy", "x-frame-options", "etag", "last-modified"]) {
    expect(headers[name], name).toBeUndefined();
  }
});
