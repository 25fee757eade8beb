import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { test, expect } from "./support/fixtures";
import { demoSignIn } from "../scripts/harness/demo-sign-in";
import { freePort, startProductionServer, type RunningServer } from "../scripts/harness/start-server";

// The server keeps no state, so two instances with the same configuration behind a load
// balancer serve the same site: public pages are the same bytes (apart from each response's CSP nonce on
// a hydrated page). What they must share goes through Redis (e2e/scale-out-redis.spec.ts): without it,
// here, a session made by one is refused by the other, which cannot know its sign-outs (each process's
// memory is its own store, with a life of its own: server/auth/revoked-sessions.ts).
const BUILD_DIR = process.env.AREAOE_BUILD_DIR ?? "build";
const PAGES = ["/areaOE/", "/areaOE/public/importacao", "/areaOE/public/webservices", "/areaOE/public/ferramentas/webservices/securityHeader"];

test.describe.configure({ mode: "serial" });

let instances: RunningServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(200_000); // two starts on a loaded 2-core machine
  // One deployment's shared settings: the same session secret and configuration file; the demo
  // identity provider stands in for the real one.
  // portal.example is not loopback: the demo provider starts there only with the exact override (settings.ts).
  const env = { AREAOE_SESSION_SECRET: randomBytes(32).toString("base64url"), AREAOE_DEV_IDP: "1", AREAOE_DEV_IDP_EXPOSED: "yes-anyone-who-reaches-it-signs-in-with-the-demo-accounts", LOG_LEVEL: "warn" };
  // The public origin the load balancer forwards (Host: portal.example), and each instance's own
  // loopback address (the tests and the demo provider reach it directly).
  instances = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      return startProductionServer(port, BUILD_DIR, { ...env, AREAOE_PUBLIC_ORIGIN: `http://portal.example,http://127.0.0.1:${port}` });
    }),
  );
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
});

/** GET through a load balancer: the public host name in Host, whichever instance answers. */
function get(instance: RunningServer, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(instance.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { host: "portal.example", "accept-language": "pt-PT", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

const withoutNonce = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');

test("without Redis, a session cookie issued by one instance is honoured by it, and refused by the other (fail closed)", async () => {
  const [first, second] = instances;
  if (!first || !second) throw new Error("two instances expected");
  const cookie = await demoSignIn(first.origin);
  const sessionOn = async (instance: RunningServer) => (await (await fetch(`${instance.origin}/areaOE/api/session`, { headers: { cookie } })).json()) as { authenticated: boolean; user?: { nif: string } };
  const own = await sessionOn(first);
  expect(own.authenticated).toBe(true);
  expect(own.user?.nif).toBe("555555550");
  expect((await sessionOn(second)).authenticated).toBe(false);
  const anonymous = (await (await fetch(`${second.origin}/areaOE/api/session`)).json()) as { authenticated: boolean };
  expect(anonymous.authenticated).toBe(false);
});

test("both instances serve byte-identical public pages (pages of text with the same ETag), apart from a hydrated page's nonce", async () => {
  const [first, second] = instances;
  if (!first || !second) throw new Error("two instances expected");
  for (const lang of ["pt", "en"]) {
    for (const path of PAGES) {
      const [a, b] = await Promise.all([get(first, path, { cookie: `lang=${lang}` }), get(second, path, { cookie: `lang=${lang}` })]);
      expect(a.status, path).toBe(200);
      expect(b.status, path).toBe(200);
      expect(a.body).toContain(`<html lang="${lang}"`);
      expect(withoutNonce(b.body), `${lang} ${path}`).toBe(withoutNonce(a.body));
      if (a.body.includes("nonce=")) {
        expect(a.body).not.toBe(b.body); // a hydrated page: each response has its own nonce
      } else {
        // A page of text is a static document: the same bytes and validator from every instance.
        expect(b.body, `${lang} ${path}`).toBe(a.body);
        expect(a.headers.etag, `${lang} ${path}`).toMatch(/^"[^"]+"$/);
        expect(b.headers.etag, `${lang} ${path}`).toBe(a.headers.etag);
      }
    }
  }
});
