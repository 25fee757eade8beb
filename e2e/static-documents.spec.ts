import { createHash } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { test, expect } from "./support/fixtures";
import { ISLAND_IDS, PRIVATE_IDS, ROUTED_PATHS } from "../scripts/harness/routed-pages";
import { demoSignIn } from "../scripts/harness/demo-sign-in";
import { pageHref, pageIdIsOpenerIsolated, type PageId } from "../app/config/site-map";
import { appPath } from "../app/config/paths";

// An anonymous page of text is a static document: the same bytes for every visitor (its
// inline script and style allowed by their CSP hashes, no nonce), stored compressed once and answered
// as a file (coding, Content-Length, strong ETag, 304, a shared-cache policy), without
// Cross-Origin-Opener-Policy. Tool pages keep a nonce; those where no credential is entered send no COOP
// when anonymous. The header form, the checker, signed-in answers and sign-in keep nonce and COOP.
const TEXT_PAGES = ROUTED_PATHS.filter((route) => !ISLAND_IDS.has(route.id));
// `/areaOE/home` is an alias of the home page that the page cache does not keep (it keys pages by their
// one address): rendered per request, it is a static document in its policy and bytes, not stored.
// A private page of text (the sandbox keys page: the signed-in visitor's keys) is not stored either.
const STORED = (path: string) => path !== appPath("/home") && !TEXT_PAGES.some((route) => route.path === path && PRIVATE_IDS.has(route.id));
const LANGS = ["pt", "en"] as const;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as sent on the wire (no client decoding the body or normalising the address). */
function rawGet(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const directive = (csp: string, name: string) => (new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1] ?? "").trim().split(/\s+/);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The text of every inline `<script>` and `<style>` element of a page. */
const inline = (html: string, tag: "script" | "style") =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"))].filter((match) => !/\bsrc=/.test(match[1] ?? "")).map((match) => match[2] ?? "");

for (const lang of LANGS) {
  test(`every page of text in ${lang}: hashes not nonces, the same bytes twice, ETag and 304, brotli, gzip and identity, no COOP`, async ({ baseURL }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? "";
    expect(TEXT_PAGES.filter(({ path }) => STORED(path)).length).toBeGreaterThanOrEqual(34);
    for (const { path } of TEXT_PAGES) {
      const address = `${path}?lang=${lang}`;
      const identity = await rawGet(origin, address);
      expect(identity.status, address).toBe(200);
      const html = identity.body.toString("utf8");
      expect(html, address).toContain(`<html lang="${lang}"`);
      const csp = String(identity.headers["content-security-policy"]);
      expect(csp, address).not.toContain("nonce-");
      expect(html, address).not.toContain("nonce=");
      // Every inline element allowed by a hash the policy lists, and the policy lists nothing else inline.
      const scriptSrc = directive(csp, "script-src");
      const styleSrc = directive(csp, "style-src");
      const scripts = inline(html, "script").map(sha256);
      const styles = inline(html, "style").map(sha256);
      expect(scripts.length, address).toBeGreaterThan(0);
      expect(styles.length, address).toBe(1);
      expect(scriptSrc.filter((source) => source !== "'self'").sort(), address).toEqual([...new Set(scripts)].sort());
      expect(styleSrc.filter((source) => source !== "'self'").sort(), address).toEqual([...new Set(styles)].sort());
      expect(identity.headers["cross-origin-opener-policy"], address).toBeUndefined();
      const again = await rawGet(origin, address);
      expect(again.body.equals(identity.body), address).toBe(true);
      if (!STORED(path)) continue;
      // A ?lang= address: its answers set the language cookie, so never kept by a shared cache.
      expect(identity.headers["cache-control"], address).toBe("private, no-cache");
      expect(identity.headers["vary"], address).toBe("Cookie, Accept-Encoding");
      expect(Number(identity.headers["content-length"]), address).toBe(identity.body.length);
      // A strong validator, and the same bytes to the next visitor.
      const etag = String(identity.headers.etag);
      expect(etag, address).toMatch(/^"[^"]+"$/);
      expect(again.headers.etag, address).toBe(etag);
      const revalidated = await rawGet(origin, address, { "if-none-match": etag });
      expect(revalidated.status, address).toBe(304);
      expect(revalidated.body, address).toHaveLength(0);
      expect(revalidated.headers.etag, address).toBe(etag);
      // Each coding decodes to exactly those bytes, has its own length and its own tag.
      const br = await rawGet(origin, address, { "accept-encoding": "gzip, deflate, br, zstd" });
      const gzip = await rawGet(origin, address, { "accept-encoding": "gzip, deflate" });
      expect(br.headers["content-encoding"], address).toBe("br");
      expect(gzip.headers["content-encoding"], address).toBe("gzip");
      expect(brotliDecompressSync(br.body).equals(identity.body), address).toBe(true);
      expect(gunzipSync(gzip.body).equals(identity.body), address).toBe(true);
      expect(Number(br.headers["content-length"]), address).toBe(br.body.length);
      expect(Number(gzip.headers["content-length"]), address).toBe(gzip.body.length);
      expect(new Set([etag, br.headers.etag, gzip.headers.etag]).size, address).toBe(3);
      expect((await rawGet(origin, address, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) })).status, address).toBe(304);
    }
  });

  test(`every page of text in ${lang} runs in Chromium with no CSP violation`, async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`),
      );
    });
    for (const { path } of TEXT_PAGES) {
      const response = await page.goto(`${path}?lang=${lang}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["content-security-policy"], path).not.toContain("nonce-");
      // The portal's inline stylesheet applied (a blocked <style> would leave the header unstyled).
      await expect(page.locator(".site-header"), path).toHaveCSS("background-color", "rgb(11, 61, 110)");
    }
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy|speculation/i.test(text))).toEqual([]);
  });
}

test("a plain address varies by the language headers too; a changed language is another document", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const path = pageHref("import");
  const pt = await rawGet(origin, path, { "accept-language": "pt-PT" });
  const en = await rawGet(origin, path, { "accept-language": "en-GB" });
  expect(pt.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
  expect(pt.headers["content-language"]).toBe("pt");
  expect(en.headers["content-language"]).toBe("en");
  expect(en.headers.etag).not.toBe(pt.headers.etag);
  // The Portuguese tag does not revalidate the English page.
  expect((await rawGet(origin, path, { "accept-language": "en-GB", "if-none-match": String(pt.headers.etag) })).status).toBe(200);
});

test("an anonymous tool page where no credential is entered has a nonce and no COOP; signed in, it keeps COOP", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const credentialFree = [...ISLAND_IDS].filter((id) => !pageIdIsOpenerIsolated(id)).sort();
  expect(credentialFree).toEqual(["first-steps", "iva-exp", "search", "web-services"]);
  for (const id of credentialFree as PageId[]) {
    // The page cache answers the second request (early, with the headers the chain sent the first time).
    for (const round of ["rendered", "cached"]) {
      const answer = await rawGet(origin, pageHref(id));
      expect(answer.status, `${id} ${round}`).toBe(200);
      expect(answer.headers["cross-origin-opener-policy"], `${id} ${round}`).toBeUndefined();
      expect(String(answer.headers["content-security-policy"]), `${id} ${round}`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    }
  }
  const cookie = await demoSignIn(origin);
  const signedIn = await rawGet(origin, pageHref("first-steps"), { cookie });
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers["cross-origin-opener-policy"]).toBe("same-origin");
});

test("the header form, the checker, sign-in, a signed-in page and a server error page keep COOP and a nonce", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const expectNonceAndCoop = (answer: Answer, what: string) => {
    expect(answer.headers["cross-origin-opener-policy"], what).toBe("same-origin");
    expect(String(answer.headers["content-security-policy"]), what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(answer.headers.etag, what).toBeUndefined();
  };
  for (const id of ["security-header-form", "security-header-check"] as const) {
    const answer = await rawGet(origin, pageHref(id));
    expect(answer.status, id).toBe(200);
    expectNonceAndCoop(answer, id);
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
    expect(answer.body.toString("utf8"), id).toContain(`nonce="${nonce}"`);
  }
  // Sign-in (a redirect to the provider) and the demo provider's login page.
  const signIn = await rawGet(origin, "/areaOE/auth/sign-in");
  expect(signIn.status).toBeGreaterThanOrEqual(300);
  expectNonceAndCoop(signIn, "sign-in");
  const provider = new URL(String(signIn.headers.location), origin);
  const providerAnswer = await rawGet(origin, provider.pathname + provider.search);
  expect(providerAnswer.headers["cross-origin-opener-policy"], "demo provider").toBe("same-origin");
  // A page of text, signed in: rendered for this visitor, with a nonce, COOP and no shared caching.
  const cookie = await demoSignIn(origin);
  const signedIn = await rawGet(origin, pageHref("import"), { cookie });
  expect(signedIn.status).toBe(200);
  expectNonceAndCoop(signedIn, "signed-in page");
  expect(signedIn.headers["cache-control"]).toBe("private, no-store");
  expect(signedIn.body.toString("utf8")).toMatch(/<style nonce="[^"]+"/);
  // The server's own error page.
  const missing = await rawGet(origin, "/areaOE/assets/does-not-exist.js");
  expect(missing.status).toBe(404);
  expect(missing.headers["cross-origin-opener-policy"]).toBe("same-origin");
});
