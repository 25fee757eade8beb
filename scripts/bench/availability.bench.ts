/**
 * Availability (the render, search and report budgets), against the production build on loopback: the p99 of a cached page for one
 * visitor, alone, then while ONE client (one address) floods, flat out on 4 connections, each of the
 * cache bypasses of the security review, the address variants, the sandbox's worst header (a 10 KB
 * Password with a wrong Digest, from many addresses at the sandbox's budget of 50 a second) and the
 * error endpoint's worst report (4,000-character lines of `eyJ-`, from many addresses at 40 a second).
 * The F1 and F2 rows run at the rates the review measured, then two of them flat out (any endpoint
 * flooded flat out slows the others on two cores: those rows show the floor, not the aim). Each row
 * says what the attacker received (by status) and the cached page's p99 against alone.
 * Aim: p99 ≤ 1.5× alone for the paced rows (the sandbox's 500s are SOAP Faults, its answer).
 * Usage: npx tsx scripts/bench/availability.bench.ts [buildDir]   (default: AREAOE_BUILD_DIR or build)
 */
import { constants, createCipheriv, publicEncrypt, randomBytes, X509Certificate } from "node:crypto";
import { Agent } from "node:http";
import path from "node:path";
import { WSS_NAMESPACE } from "@areaoe/security-header";
import { freePort, percentile, startProductionServer, probeLatencies, sendRequest } from "../harness/start-server";

const buildDir = path.resolve(process.argv[2] ?? process.env.AREAOE_BUILD_DIR ?? "build");
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 8) * 1000;
const CACHED_PAGE = "/areaOE/public/importacao";
const ATTACK_CONNECTIONS = 4;



let address = 0;
const nextAddress = () => {
  address = (address + 1) % 60_000;
  return `10.${100 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`;
};
const ONE_CLIENT = { "X-Forwarded-For": "10.99.0.1" };

interface Attack {
  label: string;
  /** The request the attacker sends, given a counter. */
  request: (n: number) => { target: string; method?: string; headers?: Record<string, string>; body?: string };
  /** Requests a second in all (paced), or flat out on ATTACK_CONNECTIONS connections. */
  perSecond?: number;
}

const THIRTY_WORDS = Array.from({ length: 30 }, (_, i) => `certificado${i}x`).join("+");
const CASES = ["PUBLIC", "Public", "pUBLIC", "PuBlIc"];

/** A header for the sandbox's own certificate: a 10 KB Password and a Digest of something else. */
function worstHeader(certificatePem: string): string {
  const key = new X509Certificate(certificatePem).publicKey;
  const sessionKey = randomBytes(16);
  const aes = (data: Buffer) => {
    const cipher = createCipheriv("aes-128-ecb", sessionKey, null);
    return Buffer.concat([cipher.update(data), cipher.final()]).toString("base64");
  };
  const nonce = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, sessionKey).toString("base64");
  const created = new Date().toISOString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header>',
    `<wss:Security xmlns:wss="${WSS_NAMESPACE}"><wss:UsernameToken><wss:Username>123456789/1</wss:Username>`,
    `<wss:Password Digest="${aes(randomBytes(20))}">${aes(Buffer.alloc(10_000, "x"))}</wss:Password>`,
    `<wss:Nonce>${nonce}</wss:Nonce><wss:Created>${created}</wss:Created></wss:UsernameToken></wss:Security>`,
    "</soapenv:Header><soapenv:Body><ping/></soapenv:Body></soapenv:Envelope>",
  ].join("");
}

const worstReport = JSON.stringify({
  digest: "0a1b2c3d",
  message: "eyJ-".repeat(250),
  stack: "eyJ-".repeat(1_000),
  componentStack: "@".repeat(4_000),
  timestamp: new Date().toISOString(),
  userAgent: "bench",
  url: "https://x/areaOE/",
});

async function attack(origin: URL, spec: Attack): Promise<{ latencies: number[]; answers: string; rate: number }> {
  const until = Date.now() + DURATION_MS;
  const agent = new Agent({ keepAlive: true, maxSockets: ATTACK_CONNECTIONS });
  const statuses = new Map<number, number>();
  let n = 0;
  const attacker = async () => {
    while (Date.now() < until) {
      const started = Date.now();
      const { target, ...init } = spec.request(n);
      n += 1;
      const status = await sendRequest(origin, agent, target, init);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (spec.perSecond) await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / spec.perSecond! - (Date.now() - started))));
    }
  };
  const [latencies] = await Promise.all([probeLatencies(origin, until, CACHED_PAGE), ...Array.from({ length: spec.perSecond ? 1 : ATTACK_CONNECTIONS }, attacker)]);
  agent.destroy();
  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status}`).join(", ");
  return { latencies, answers, rate: n / (DURATION_MS / 1000) };
}

// The visitor probes flat out from one address: the per-client request budget (flood.bench.ts measures it) is off.
const server = await startProductionServer(await freePort(), buildDir, { LOG_LEVEL: "error", AREAOE_LIMITS: JSON.stringify({ requestsPerSecond: 0 }) });
try {
  const origin = new URL(server.origin);
  const warm = new Agent({ keepAlive: true });
  for (let i = 0; i < 300; i += 1) await sendRequest(origin, warm, CACHED_PAGE, { headers: { "Accept-Language": "pt-PT" } });
  const certificate = await (await fetch(`${server.origin}/areaOE/sandbox/test-certificate.pem`)).text();
  warm.destroy();
  const soapHeader = worstHeader(certificate);
  const attacks: Attack[] = [
    // The rates of the availability review that set the budgets, then each flat out.
    { label: "F1 ?x=N, 52/s", perSecond: 52, request: (n) => ({ target: `${CACHED_PAGE}?x=${n}`, headers: ONE_CLIENT }) },
    { label: "F1 made-up session, 188/s", perSecond: 188, request: (n) => ({ target: CACHED_PAGE, headers: { ...ONE_CLIENT, Cookie: `areaoe_session=x${n}` } }) },
    { label: "F1 30-word search, 23/s", perSecond: 23, request: (n) => ({ target: `/areaOE/public/pesquisa?q=${THIRTY_WORDS}&n=${n}`, headers: ONE_CLIENT }) },
    { label: "F1 HEAD, 188/s", perSecond: 188, request: () => ({ target: CACHED_PAGE, method: "HEAD", headers: ONE_CLIENT }) },
    { label: "F1 404 addresses, 52/s", perSecond: 52, request: (n) => ({ target: `/areaOE/public/no-such-page-${n}`, headers: ONE_CLIENT }) },
    { label: "F2 address variants, 140/s", perSecond: 140, request: (n) => ({ target: `/areaOE/${CASES[n % CASES.length]}/importacao${n % 2 ? "/" : ""}?lang=pt&${"&".repeat(n % 7)}`, headers: ONE_CLIENT }) },
    { label: "F1 ?x=N, flat out", request: (n) => ({ target: `${CACHED_PAGE}?x=${n}`, headers: ONE_CLIENT }) },
    { label: "F1 404 addresses, flat out", request: (n) => ({ target: `/areaOE/public/no-such-page-${n}`, headers: ONE_CLIENT }) },
    {
      // Its 500s are SOAP 1.1 Faults: the header refused, as the sandbox answers.
      label: "F7 worst header, 50/s",
      perSecond: 50,
      request: () => ({ target: "/areaOE/sandbox/soap", method: "POST", headers: { "Content-Type": "text/xml", "X-Forwarded-For": nextAddress() }, body: soapHeader }),
    },
    {
      label: "F8 worst report, 40/s",
      perSecond: 40,
      request: () => ({ target: "/areaOE/api/client-errors", method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress() }, body: worstReport }),
    },
  ];
  const alone = await probeLatencies(origin, Date.now() + DURATION_MS, CACHED_PAGE);
  const aloneP99 = percentile(alone, 0.99);
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(`Cached page ${CACHED_PAGE}, one visitor on one connection, ${DURATION_MS / 1000} s per case; aim: p99 ≤ 1.5× alone, no 500`);
  console.log(`${pad("case", 30)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("×alone", 9)}${pad("aim", 8)}attacker: req/s, answers`);
  console.log(`${pad("cached page alone", 30)}${pad(percentile(alone, 0.5).toFixed(2), 9)}${pad(aloneP99.toFixed(2), 9)}`);
  for (const spec of attacks) {
    const { latencies, answers, rate } = await attack(origin, spec);
    const p99 = percentile(latencies, 0.99);
    const ratio = p99 / aloneP99;
    const aim = ratio <= 1.5 ? "met" : "MISSED";
    console.log(`${pad(spec.label, 30)}${pad(percentile(latencies, 0.5).toFixed(2), 9)}${pad(p99.toFixed(2), 9)}${pad(ratio.toFixed(2), 9)}${pad(aim, 8)}${rate.toFixed(0)}/s: ${answers}`);
  }
  const again = await probeLatencies(origin, Date.now() + DURATION_MS, CACHED_PAGE);
  console.log(`${pad("cached page alone, again", 30)}${pad(percentile(again, 0.5).toFixed(2), 9)}${pad(percentile(again, 0.99).toFixed(2), 9)}`);
} finally {
  await server.stop();
}
