import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { test, expect } from "./support/fixtures";
import { freePort } from "../scripts/harness/start-server";
import { pageHref } from "../app/config/site-map";

// The alternate-language addresses (`?lang=pt`, `?lang=en`: each page's hreflang
// alternates and the switcher's links) are answered by the page cache's early path, before Express,
// like plain addresses: with the stored document (the headers the whole chain sent: Vary,
// Content-Language, the security headers) and the `lang` cookie the chain sets. Any other query goes
// through Express.
// A server of its own, with info logs: the early path logs `early: true`, and its first request of each
// page is certainly answered by the whole chain.
const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";

test.describe.configure({ mode: "serial" });

let child: ChildProcess | undefined;
let origin = "";
const earlyLines: { path: string }[] = [];

test.beforeAll(async () => {
  // A loaded machine can take more than a minute to start a server.
  test.setTimeout(240_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.resolve(BUILD_DIR, "server/index.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "production", AREAOE_METRICS_PORT: "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { early?: boolean; req?: { path: string } };
        if (entry.early && entry.req) earlyLines.push({ path: entry.req.path });
      } catch {
        // not a log line
      }
    }
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/areaOE/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
});

test.afterAll(() => {
  child?.kill("SIGTERM");
});

const nonceOf = (headers: Record<string, string>) => /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";

/** The headers to compare: per-response ones out, the cookie without its Expires. */
function comparable(headers: Record<string, string>) {
  return Object.entries(headers)
    // Per answer: its date, the cache's word and the request's id (each answer its own).
    .filter(([name]) => !["date", "cache-status", "x-request-id"].includes(name))
    .map(([name, value]) => [name, name === "set-cookie" ? value.replace(/; Expires=[^;]+/i, "") : value])
    .sort(([a = ""], [b = ""]) => a.localeCompare(b));
}

const CASES = [
  { page: "import", lang: "pt", acceptLanguage: "en-GB", encoding: "gzip, deflate, br" },
  { page: "export", lang: "en", acceptLanguage: "pt-PT", encoding: "gzip, deflate, br" },
  { page: "transit", lang: "pt", acceptLanguage: "en-GB", encoding: "identity" },
  { page: "excise", lang: "en", acceptLanguage: "pt-PT", encoding: "identity" },
] as const;

for (const { page, lang, acceptLanguage, encoding } of CASES) {
  test(`?lang=${lang} (${encoding}) is answered early with the stored document's headers and bytes, and the cookie`, async ({ request }) => {
    const url = `${origin}${pageHref(page)}?lang=${lang}`;
    const headers = { "accept-language": acceptLanguage, "accept-encoding": encoding };
    const before = earlyLines.length;
    const chain = await request.get(url, { headers });
    expect(chain.headers()["cache-status"]).toMatch(/^areaoe; fwd=uri-miss.*stored/);
    const early = await request.get(url, { headers });
    const again = await request.get(url, { headers });
    expect(early.headers()["cache-status"]).toBe("areaoe; hit");
    await expect.poll(() => earlyLines.slice(before).filter((line) => line.path === pageHref(page)).length).toBe(2);
    // The query's language, whatever Accept-Language says; remembered in the cookie, as the chain does.
    for (const response of [chain, early, again]) {
      expect(response.headers()["content-language"]).toBe(lang);
      // The address chose the language: only the session cookie and the coding vary the answer.
      expect(response.headers()["vary"]).toBe("Cookie, Accept-Encoding");
      expect(response.headers()["set-cookie"]).toMatch(new RegExp(`^lang=${lang}; Max-Age=31536000; Path=/areaOE; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
      expect(await response.text()).toContain(`<html lang="${lang}"`);
    }
    expect(comparable(early.headers())).toEqual(comparable(chain.headers()));
    // A page of text is a static document: no nonce, the same bytes in every answer.
    const bodies = await Promise.all([chain, early, again].map((response) => response.body()));
    for (const [i, response] of [chain, early, again].entries()) {
      expect(nonceOf(response.headers())).toBe("");
      expect(bodies[i]?.equals(bodies[0] as Buffer)).toBe(true);
    }
  });
}

test("a plain address is still answered early, without a cookie", async ({ request }) => {
  const url = `${origin}${pageHref("transport")}`;
  const before = earlyLines.length;
  await request.get(url, { headers: { "accept-language": "en-GB" } });
  const early = await request.get(url, { headers: { "accept-language": "en-GB" } });
  await expect.poll(() => earlyLines.length).toBe(before + 1);
  expect(early.headers()["set-cookie"]).toBeUndefined();
  expect(early.headers()["content-language"]).toBe("en");
});

/** A GET of exactly this address (no client normalising it), answering its status. */
function rawGet(address: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: address }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

test("any other query bypasses the early path", async () => {
  const base = pageHref("liquidation");
  // Stored under both alternate addresses and the plain one first, so only the query decides.
  for (const query of ["?lang=pt", "?lang=en", ""]) await rawGet(`${base}${query}`);
  const before = earlyLines.length;
  for (const query of ["?lang=pt&x=1", "?x=1&lang=pt", "?lang=PT", "?lang=de", "?lang=pt&lang=en", "?lang=pt%20", "?utm_source=x"]) {
    for (let i = 0; i < 2; i += 1) expect(await rawGet(`${base}${query}`), query).toBe(200);
  }
  // Empty query parts are not a spelling of their own: a 301 to the address without them.
  for (const query of ["?lang=en&", "?"]) expect(await rawGet(`${base}${query}`), query).toBe(301);
  // Then one early answer: once its log line is in, every earlier line is too (one ordered stream).
  await rawGet(`${base}?lang=pt`);
  await expect.poll(() => earlyLines.length).toBeGreaterThan(before);
  expect(earlyLines.slice(before)).toEqual([{ path: pageHref("liquidation") }]);
});
