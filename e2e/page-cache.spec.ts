import type { APIResponse } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { demoSignIn } from "../scripts/harness/demo-sign-in";
import { pageHref } from "../app/config/site-map";

// The anonymous page cache (server/page-cache): what is shared, with whom, and what never is.
const CONTENT = pageHref("import");
const FIRST_STEPS = pageHref("first-steps");
const CHECKER = pageHref("security-header-check");

const ACCOUNTS = {
  ana: { nif: "555555550", password: "demo-todos", name: "Ana Demo" },
  bruno: { nif: "555555569", password: "demo-alguns", name: "Bruno Demo" },
};

/** The CSP nonce of the response header, and every nonce attribute of the page. */
async function nonces(response: APIResponse) {
  const header = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  const body = await response.text();
  const inPage = [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];
  return { header, inPage, body };
}

test("two anonymous visitors get the same page of text from memory: the same bytes, no nonce, a browser-cache policy", async ({
  request,
  baseURL,
}) => {
  const url = `${baseURL}${CONTENT}?lang=pt`;
  const first = await request.get(url);
  const second = await request.get(url);
  expect(first.status()).toBe(200);
  expect(second.headers()["cache-status"]).toBe("areaoe; hit");
  const a = await nonces(first);
  const b = await nonces(second);
  // A static document (the same bytes for every visitor): its inline elements are allowed by hash, nothing varies per answer.
  expect(a.header).toBeUndefined();
  expect(a.inPage).toEqual([]);
  expect(b.body).toBe(a.body);
  expect(second.headers()["etag"]).toBe(first.headers()["etag"]);
  // The browser may keep it, and revalidates it; never a shared cache, as each answer at a ?lang=
  // address sets the language cookie. The address chose the language, so only the session cookie (a
  // signed-in visitor's own page) and the coding make another answer.
  expect(second.headers()["cache-control"]).toBe("private, no-cache");
  expect(second.headers()["vary"]).toBe("Cookie, Accept-Encoding");
  const plain = await request.get(`${baseURL}${CONTENT}`);
  expect(plain.headers()["vary"]).toBe("Accept-Language, Cookie, Accept-Encoding");
});

test("a changed language never gets the other language's page", async ({ request, baseURL }) => {
  const url = `${baseURL}${CONTENT}`;
  // Fill the cache in Portuguese, then ask in English by each means the server negotiates.
  await request.get(url, { headers: { "accept-language": "pt-PT" } });
  const pt = await request.get(url, { headers: { "accept-language": "pt-PT" } });
  expect(pt.headers()["cache-status"]).toBe("areaoe; hit");
  expect(await pt.text()).toContain('<html lang="pt"');
  const english: Record<string, string>[] = [{ "accept-language": "en-GB" }, { cookie: "lang=en", "accept-language": "pt-PT" }];
  for (const headers of english) {
    const en = await request.get(url, { headers });
    const body = await en.text();
    expect(body).toContain('<html lang="en"');
    expect(body).toContain("<h1>Import</h1>");
    expect(body).not.toContain("<h1>Importação</h1>");
  }
  const query = await request.get(`${url}?lang=en`, { headers: { "accept-language": "pt-PT" } });
  expect(await query.text()).toContain('<html lang="en"');
  // The explicit choice is remembered in a cookie on every response, cached or not.
  expect(query.headers()["set-cookie"]).toMatch(/^lang=en;/);
  const again = await request.get(`${url}?lang=en`, { headers: { "accept-language": "pt-PT" } });
  expect(again.headers()["cache-status"]).toBe("areaoe; hit");
  expect(again.headers()["set-cookie"]).toMatch(/^lang=en;/);
});

test("a signed-in visitor never gets a cached page, nor another visitor's content", async ({ request, baseURL }) => {
  const origin = baseURL ?? "";
  // An anonymous visitor fills the cache first.
  await request.get(`${origin}${CONTENT}`);
  expect((await request.get(`${origin}${CONTENT}`)).headers()["cache-status"]).toBe("areaoe; hit");
  const ana = await demoSignIn(origin, ACCOUNTS.ana);
  const bruno = await demoSignIn(origin, ACCOUNTS.bruno);
  const signedIn = await request.get(`${origin}${CONTENT}`, { headers: { cookie: ana } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()["cache-status"]).toBe("areaoe; fwd=bypass");
  // The page that shows who is signed in: each visitor sees themself, never the other, never cached.
  for (const [cookie, own, other] of [
    [ana, ACCOUNTS.ana.name, ACCOUNTS.bruno.name],
    [bruno, ACCOUNTS.bruno.name, ACCOUNTS.ana.name],
  ] as const) {
    const response = await request.get(`${origin}${FIRST_STEPS}`, { headers: { cookie } });
    const body = await response.text();
    expect(body).toContain(own);
    expect(body).not.toContain(other);
    expect(response.headers()["cache-control"]).toContain("no-store");
  }
  // An anonymous visitor after them sees neither name.
  const anonymous = await (await request.get(`${origin}${FIRST_STEPS}`)).text();
  expect(anonymous).not.toContain(ACCOUNTS.ana.name);
  expect(anonymous).not.toContain(ACCOUNTS.bruno.name);
});

test("private and no-store pages and search results are never kept; other queries get the page's one entry", async ({ request, baseURL }) => {
  for (const path of [FIRST_STEPS, CHECKER]) {
    await request.get(`${baseURL}${path}`);
    const again = await request.get(`${baseURL}${path}`);
    expect(again.headers()["cache-control"], path).toContain("no-store");
    expect(again.headers()["cache-status"], path).toMatch(/fwd=(bypass|uri-miss; detail=unshareable)/);
  }
  await request.get(`${baseURL}/areaOE/public/pesquisa?q=certificado`);
  expect((await request.get(`${baseURL}/areaOE/public/pesquisa?q=certificado`)).headers()["cache-status"]).toBe("areaoe; fwd=bypass");
  // A query that is not the page's (tracking, `?x=N`) is not part of the page: no render of its own.
  for (const path of [`${CONTENT}?utm_source=x`, `${CONTENT}?lang=en&x=1`]) {
    await request.get(`${baseURL}${path}`);
    expect((await request.get(`${baseURL}${path}`)).headers()["cache-status"], path).toBe("areaoe; hit");
  }
  // A page that does not exist keeps its 404 and is not kept.
  const missing = await request.get(`${baseURL}/areaOE/public/no-such-page`);
  expect(missing.status()).toBe(404);
  expect((await request.get(`${baseURL}/areaOE/public/no-such-page`)).headers()["cache-status"]).toMatch(/fwd=/);
});

test("a hit answered before the middleware chain is the same answer as one answered inside it", async ({ request, baseURL }) => {
  // A plain GET is answered before Express once the page is stored; an address with another query
  // (tracking) goes through the whole chain, and gets the page's one stored document there. Both are
  // the stored answer: the same headers and bytes, in each coding.
  // (e2e/page-cache-early.spec.ts proves which answers come from the early path.)
  const same = (headers: Record<string, string>) =>
    Object.entries(headers)
      .filter(([name]) => !["date", "cache-status", "x-request-id"].includes(name)) // per answer (x-request-id: each its own)
      .sort(([a = ""], [b = ""]) => a.localeCompare(b));
  for (const encoding of ["gzip, deflate, br", "gzip", "identity"]) {
    const headers = { "accept-language": "pt-PT", "accept-encoding": encoding };
    await request.get(`${baseURL}${CONTENT}`, { headers });
    const early = await request.get(`${baseURL}${CONTENT}`, { headers });
    const chain = await request.get(`${baseURL}${CONTENT}?utm_source=x`, { headers });
    expect(early.headers()["cache-status"]).toBe("areaoe; hit");
    expect(same(chain.headers()), encoding).toEqual(same(early.headers()));
    expect(early.headers()["content-encoding"], encoding).toBe(encoding.includes("br") ? "br" : encoding === "gzip" ? "gzip" : undefined);
    expect((await chain.body()).equals(await early.body()), encoding).toBe(true);
    expect(await early.text()).toContain('<html lang="pt"');
  }
});
