/**
 * Fair sharing of the sandbox (issue 48), against the production build on loopback: a client within its
 * quota sends valid headers at its quota's pace, first alone (the reference), then while 20 others, each
 * from its own loopback address (127.0.0.3 to 127.0.0.22, sockets bound to them), flood the sandbox with
 * valid headers as fast as it answers; side by side in one run, for an anonymous client (240 a minute:
 * 4 a second) and for one with an integrator's own sandbox key (600 a minute: 10 a second, made on the
 * keys page after a demo sign-in). Also a person at the checker page (one post every two seconds, its own
 * lane). Aim: each keeps at least half its checks while the others flood (the verification pool's budget
 * of all clients, 50 a second, is shared in turn: server/sandbox/fair-queue.ts).
 * Usage: npx tsx scripts/bench/sandbox-fairness.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { wrapInEnvelope } from "@areaoe/security-header";
import { demoSignIn, demoSignInEnvironment } from "../harness/demo-sign-in";
import { freePort, percentile, startProductionServer } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const SOAP = "/areaOE/sandbox/soap";
const CHECKER = "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader";
const KEYS_PAGE = "/areaOE/public/ferramentas/webservices/securityHeader/sandboxKeys";
const FLOODERS = Array.from({ length: 20 }, (_, index) => `127.0.0.${index + 3}`);
const VICTIM_ADDRESS = "127.0.0.2";
const PERSON_ADDRESS = "127.0.0.30";

interface Answer {
  status: number;
  ms: number;
}

function post(origin: URL, agent: Agent, target: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  return new Promise<Answer>((resolve) => {
    const req = httpRequest({ host: origin.hostname, port: origin.port, path: target, agent, method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** A sandbox key made on the keys page, signed in with the demo provider: the page shows it once. */
async function makeKey(origin: string): Promise<string> {
  const cookie = await demoSignIn(origin);
  const form = new URLSearchParams({ intent: "create", name: "fairness bench" });
  const page = await fetch(`${origin}${KEYS_PAGE}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: form });
  const key = /aoe_sbx_[A-Za-z0-9_-]{43}/.exec(await page.text())?.[0];
  if (!key) throw new Error(`the keys page made no key (${page.status})`);
  return key;
}

const port = await freePort();
const server = await startProductionServer(port, buildDir, demoSignInEnvironment());
try {
  const origin = new URL(server.origin);
  const key = await makeKey(server.origin);
  const pem = await (await fetch(`${server.origin}/areaOE/sandbox/test-certificate.pem`)).text();
  const publicKey = parseAuthorityKey(pem);
  const made = async () => wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "bench", publicKey, form: "digest" })).xml, "<ping/>");
  // Headers are made ahead, fresh for each case (Created must be under a minute old when they arrive).
  const fresh = async (count: number) => Promise.all(Array.from({ length: count }, made));
  const soapHeaders = { "Content-Type": "text/xml; charset=utf-8" };

  /** One client at a steady pace for the duration: its answers. */
  const paced = async (perSecond: number, bodies: string[], headers: Record<string, string>, localAddress: string, until: number, target = SOAP): Promise<Answer[]> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress });
    const answers: Promise<Answer>[] = [];
    const started = Date.now();
    for (let n = 0; Date.now() < until; n += 1) {
      answers.push(post(origin, agent, target, bodies[n % bodies.length] as string, headers));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ((n + 1) * 1000) / perSecond - Date.now())));
    }
    const all = await Promise.all(answers);
    agent.destroy();
    return all;
  };
  /** The flood: each address as fast as the sandbox answers, two requests in flight each. */
  const flood = async (bodies: string[], until: number): Promise<Answer[]> => {
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      FLOODERS.flatMap((localAddress) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress });
        return [0, 1].map(async () => {
          while (Date.now() < until) answers.push(await post(origin, agent, SOAP, bodies[(next += 1) % bodies.length] as string, soapHeaders));
        });
      }),
    );
    return answers;
  };
  const kept = (answers: Answer[]) => answers.filter((answer) => answer.status === 200).length;
  const line = (label: string, answers: Answer[], reference?: Answer[]) => {
    const share = answers.length === 0 ? 0 : kept(answers) / answers.length;
    const against = reference && reference.length > 0 ? ` (alone: ${((kept(reference) / reference.length) * 100).toFixed(0)}%)` : "";
    const ms = answers.map((answer) => answer.ms);
    return `${label.padEnd(52)}${String(answers.length).padEnd(6)}${String(kept(answers)).padEnd(6)}${`${(share * 100).toFixed(0)}%`.padEnd(7)}${percentile(ms, 0.5).toFixed(0).padEnd(8)}${percentile(ms, 0.99).toFixed(0).padEnd(8)}${share >= 0.5 ? "met" : "MISSED"}${against}`;
  };

  // Warm-up: the pool's workers load the keys; the check's code is compiled.
  await paced(20, await fresh(40), soapHeaders, VICTIM_ADDRESS, Date.now() + 2_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const results: string[] = [];
  for (const [label, perSecond, headers, address] of [
    ["anonymous client, its quota (240/min: 4/s)", 4, soapHeaders, VICTIM_ADDRESS],
    ["client with its own key, its quota (600/min: 10/s)", 10, { ...soapHeaders, Authorization: `Bearer ${key}` }, VICTIM_ADDRESS],
  ] as const) {
    const alone = await paced(perSecond, await fresh(perSecond * (DURATION_MS / 1000) + 10), headers, address, Date.now() + DURATION_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const victimBodies = await fresh(perSecond * (DURATION_MS / 1000) + 10);
    const floodBodies = await fresh(1_500);
    const until = Date.now() + DURATION_MS;
    const [underFlood, flooded] = await Promise.all([paced(perSecond, victimBodies, headers, address, until), flood(floodBodies, until)]);
    results.push(line(`${label}, alone`, alone));
    results.push(line(`${label}, while 20 others flood`, underFlood, alone));
    const floodStatus = new Map<number, number>();
    for (const answer of flooded) floodStatus.set(answer.status, (floodStatus.get(answer.status) ?? 0) + 1);
    results.push(`  the 20 flooding clients: ${flooded.length} answers, ${[...floodStatus].map(([status, count]) => `${count} × ${status}`).join(", ")} (${(kept(flooded) / (DURATION_MS / 1000)).toFixed(1)} accepted a second, all 20 together)`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }

  // A person at the checker page, one post every two seconds, while the 20 flood the sandbox.
  const checkerBodies = (await fresh(10)).map((xml) => new URLSearchParams({ envelope: xml }).toString());
  const until = Date.now() + DURATION_MS;
  const [person] = await Promise.all([
    paced(0.5, checkerBodies, { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, PERSON_ADDRESS, until, CHECKER),
    flood(await fresh(1_500), until),
  ]);
  results.push(line("a person at the checker page (1 post / 2 s), while 20 flood", person));

  console.log(`Fair sharing: ${DURATION_MS / 1000} s per case, valid 4096-bit headers; "kept" is an accepted check (200); aim: at least half of its checks kept`);
  console.log(`${"client".padEnd(52)}${"sent".padEnd(6)}${"kept".padEnd(6)}${"share".padEnd(7)}${"p50 ms".padEnd(8)}${"p99 ms".padEnd(8)}aim`);
  for (const result of results) console.log(result);
} finally {
  await server.stop();
}
