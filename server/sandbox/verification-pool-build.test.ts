// The verification pool in the production build, over real HTTP on loopback: its worker module is part
// of the build (build/server/verification-worker.js), the SOAP sandbox and the checker page check through
// it, and with one worker and no queue, checks that arrive together are refused as the task says: the
// sandbox with a 503 SOAP Fault SANDBOX_BUSY and Retry-After, the checker page with its busy page.
// Needs a build (AREAOE_BUILD_DIR, else build/): skipped, naming the missing file, without one.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { freePort, startProductionServer, type RunningServer } from "../http/test-production-server";

const BUILD_DIR = path.resolve(process.env.AREAOE_BUILD_DIR ?? "build");
const ENTRY = path.join(BUILD_DIR, "server/index.js");
const WORKER = path.join(BUILD_DIR, "server/verification-worker.js");
const haveBuild = existsSync(ENTRY);
if (!haveBuild) console.warn(`verification pool build tests skipped: no production build at ${ENTRY} (run the build first)`);

const SOAP = "/areaOE/sandbox/soap";
const CHECKER = "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader";
/** One worker, no queue: a second check while one runs is refused. */
const LIMITS = { sandboxWorkers: 1, sandboxQueue: 0, sandboxTaskTimeoutMs: 10_000 };
/** Checks sent together in one burst (under the budget of all clients together, 50 a second). */
const BURST = 12;

let server: RunningServer | undefined;
let origin = "";
let publicKey: ReturnType<typeof parseAuthorityKey>;
let address = 0;
/** Each request from another client (X-Forwarded-For through the loopback proxy the server trusts): no per-client limit. */
const client = () => ({ "X-Forwarded-For": `10.42.${(address += 1) >> 8}.${address & 255}` });

beforeAll(async () => {
  if (!haveBuild) return;
  // Generous: a first start makes the sandbox's 4096-bit key pair.
  server = await startProductionServer(await freePort(), BUILD_DIR, { LOG_LEVEL: "info", AREAOE_LIMITS: JSON.stringify(LIMITS) }, { capture: true });
  origin = server.origin;
  publicKey = parseAuthorityKey(await (await fetch(`${origin}/areaOE/sandbox/test-certificate.pem`)).text());
}, 160_000);

afterAll(async () => {
  await server?.stop();
});

const envelope = async () => wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey, form: "digest" })).xml, "<ping/>");
const soap = async (body: string) => fetch(`${origin}${SOAP}`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", ...client() }, body });
const checker = async (xml: string) =>
  fetch(`${origin}${CHECKER}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en", ...client() },
    body: new URLSearchParams({ envelope: xml, password: "p" }).toString(),
  });

/** Bursts of BURST checks sent together, a second apart, until one is refused (at most five bursts). */
async function burstsUntilRefused(send: (body: string) => Promise<Response>): Promise<{ ok: number; refused: Response[] }> {
  let ok = 0;
  for (let round = 0; round < 5; round += 1) {
    const bodies = await Promise.all(Array.from({ length: BURST }, envelope));
    const answers = await Promise.all(bodies.map(send));
    ok += answers.filter((answer) => answer.status === 200).length;
    const refused = answers.filter((answer) => answer.status === 503);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503), answers.map((answer) => answer.status).join()).toBe(true);
    if (refused.length > 0) return { ok, refused };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { ok, refused: [] };
}

describe.skipIf(!haveBuild)("the verification pool in the production build", () => {
  it("emits its worker module beside the server, and the sandbox checks through it", async () => {
    expect(existsSync(WORKER)).toBe(true);
    const answer = await soap(await envelope());
    expect(answer.status, await answer.text()).toBe(200);
  });

  it("answers the SOAP sandbox's checks past one worker and no queue with a 503 Fault SANDBOX_BUSY and Retry-After", async () => {
    const { ok, refused } = await burstsUntilRefused(soap);
    expect(ok).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const first = refused[0] as Response;
    expect(first.headers.get("retry-after")).toBe("1");
    const fault = await first.text();
    expect(fault).toContain("<faultcode>soapenv:Server</faultcode>");
    expect(fault).toMatch(/<sandbox:Finding xsi:type="sandbox:Note" code="SANDBOX_BUSY" catalogue="[^"]+#SANDBOX_BUSY">/);
  }, 60_000);

  it("answers the checker page's checks past one worker and no queue with the checker page itself, the envelope kept (503, Retry-After)", async () => {
    const { ok, refused } = await burstsUntilRefused(checker);
    expect(ok).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const first = refused[0] as Response;
    expect(first.headers.get("retry-after")).toBe("1");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const page = await first.text();
    expect(page).toMatch(/<html[^>]* lang="en"/);
    expect(page).toContain("The checker is busy checking other requests.");
    // The envelope pasted is in the page's form again (HTML-escaped), ready to be sent once more.
    expect(page).toContain("&lt;wss:Security");
    // A refusal is an answer, not a fault: no render error in the log.
    expect(server?.output()).not.toMatch(/render error|request errored/);
  }, 60_000);
});
