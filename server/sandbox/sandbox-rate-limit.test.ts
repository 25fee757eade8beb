// @vitest-environment jsdom
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../../app/server-surface";
import { hostGuard, trustedOrigins } from "../http/trusted-origin";
import { protocolReader } from "../http/request-protocol";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { CHECKER_POLICY, DEFAULT_HEADER_CHECK_QUOTAS, headerCheckLimiters, SANDBOX_POLICY, type HeaderCheckQuotas } from "./sandbox-limits";
import { sandboxRouter } from "./sandbox-router";
import { requestLog } from "./request-log";
import { createVerificationPool, type VerificationPool } from "./verification-pool";
import { memorySharedState } from "../shared-state/shared-state";
import { SANDBOX_NAMESPACE } from "./soap-response";

const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";

/** Parses XML with the DOM's own parser (jsdom's), as the WSDL test does; fails the test when it is not well-formed. */
function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

/** faultcode, faultstring (and its xml:lang) and the detail's Finding of a SOAP 1.1 Fault. */
function faultOf(xml: string) {
  const doc = parseXml(xml);
  const envelope = doc.documentElement;
  expect(envelope.namespaceURI).toBe(SOAP_ENV_NS);
  expect(envelope.localName).toBe("Envelope");
  const fault = doc.getElementsByTagNameNS(SOAP_ENV_NS, "Fault")[0];
  if (!fault) throw new Error("no soapenv:Fault");
  const child = (name: string) => [...fault.children].find((element) => element.localName === name && element.namespaceURI === null);
  const finding = doc.getElementsByTagNameNS(SANDBOX_NAMESPACE, "Finding")[0];
  return {
    faultcode: child("faultcode")?.textContent ?? "",
    faultstring: child("faultstring")?.textContent ?? "",
    lang: child("faultstring")?.getAttributeNS("http://www.w3.org/XML/1998/namespace", "lang") ?? "",
    code: finding?.getAttribute("code") ?? "",
    href: finding?.getAttribute("href") ?? "",
  };
}

/** `"name"; r=0; t=42` → { name, remaining, reset } (IETF RateLimit header fields, draft-8). */
function rateLimitOf(header: string | null) {
  const match = /^"([^"]+)"; r=(\d+); t=(\d+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a RateLimit header: ${header}`);
  return { name: match[1], remaining: Number(match[2]), reset: Number(match[3]) };
}

/**
 * The sandbox's router as the server mounts it (behind the Host check), and a checker-page stand-in
 * route behind the checker's limiters: the real limiters, over real HTTP.
 */
async function startLimited(sandbox: HeaderSandbox, quotas: Partial<HeaderCheckQuotas>) {
  const app = express();
  app.set("trust proxy", "loopback");
  const guard: { check?: ReturnType<typeof hostGuard> } = {};
  app.use((req, res, next) => (guard.check?.(req, res) ? next() : undefined));
  const limiters = headerCheckLimiters(quotas, { logger: pino({ level: "silent" }) });
  const logger = pino({ level: "silent" });
  app.use(BASE_PATH, sandboxRouter({ sandbox, requestLog: requestLog({ sandbox, state: memorySharedState(), logger }), logger, limiter: limiters.sandbox }));
  app.post(`${BASE_PATH}/checker`, ...limiters.checker, (_req, res) => void res.type("text/html").send("<p>checked</p>"));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const trust = app.get("trust proxy fn") as Parameters<typeof protocolReader>[0];
  guard.check = hostGuard(trustedOrigins({ publicOrigins: [origin], port, trust, protocolOf: protocolReader(trust) }), {});
  const soap = (client: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "content-type": "text/xml", "x-forwarded-for": client, ...headers }, body: "not xml" });
  const checker = (client: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${BASE_PATH}/checker`, { method: "POST", headers: { "x-forwarded-for": client, ...headers } });
  return { soap, checker, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the header checks' quotas (sandbox, checker page, all clients)", () => {
  let dir: string;
  let sandbox: HeaderSandbox;
  let pool: VerificationPool;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "areaoe-limits-"));
    // A pool whose queue takes a whole burst: these tests are about the quotas, not the pool's bound
    // (verification-pool.test.ts), which would answer most of 120 checks at once with SANDBOX_BUSY.
    pool = createVerificationPool({ limits: { workers: 1, queue: 500, taskTimeoutMs: 60_000 } });
    sandbox = await loadHeaderSandbox(dir, path.join(dir, "key"), { pool });
  }, 120_000);

  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("default to a sandbox quota sized for a test suite (at least 120 a minute), apart from the checker page's", () => {
    expect(DEFAULT_HEADER_CHECK_QUOTAS.sandboxPerMinute).toBeGreaterThanOrEqual(120);
    expect(DEFAULT_HEADER_CHECK_QUOTAS.checkerPerMinute).toBeLessThan(DEFAULT_HEADER_CHECK_QUOTAS.sandboxPerMinute);
  });

  it("are stated with their real figures in the fault catalogue and on the sandbox's page, in both languages", () => {
    const { sandboxPerMinute, checkerPerMinute, allClientsPerSecond } = DEFAULT_HEADER_CHECK_QUOTAS;
    const catalogue = JSON.parse(readFileSync("content/faults/security-header-faults.json", "utf8")) as { entries: { code: string; meaning: { pt: string; en: string } }[] };
    const meaning = (code: string) => catalogue.entries.find((entry) => entry.code === code)?.meaning;
    expect(meaning("RATE_LIMITED")?.en).toContain(`${sandboxPerMinute} checks a minute`);
    expect(meaning("RATE_LIMITED")?.en).toContain(`(${checkerPerMinute} a minute)`);
    expect(meaning("RATE_LIMITED")?.pt).toContain(`${sandboxPerMinute} verificações por minuto`);
    expect(meaning("SANDBOX_OVERLOADED")?.en).toContain(`${allClientsPerSecond} a second`);
    expect(meaning("SANDBOX_OVERLOADED")?.pt).toContain(`${allClientsPerSecond} por segundo`);
    const en = readFileSync("content/en/security-header-check.mdx", "utf8");
    const pt = readFileSync("content/pt/security-header-check.mdx", "utf8");
    expect(en).toContain(`accepts ${sandboxPerMinute} checks a minute`);
    expect(en).toContain(`${checkerPerMinute} checks a minute`);
    expect(en).toContain(`${allClientsPerSecond} checks a second`);
    expect(pt).toContain(`aceita ${sandboxPerMinute} verificações por minuto`);
    expect(pt).toContain(`${checkerPerMinute} verificações por minuto`);
    expect(pt).toContain(`${allClientsPerSecond} verificações por segundo`);
  });

  it("let one client send 120 sandbox checks in a burst, then answer a SOAP 1.1 Fault RATE_LIMITED whose Retry-After is the RateLimit reset; the checker page keeps its own quota", async () => {
    const limited = await startLimited(sandbox, { sandboxPerMinute: 120, checkerPerMinute: 3, allClientsPerSecond: 10_000 });
    try {
      const client = "203.0.113.7";
      const answers = await Promise.all(Array.from({ length: 120 }, () => limited.soap(client)));
      // Each was checked by the sandbox (not XML: its own Client fault, 400), none refused by the quota.
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 120 }, () => 400));
      const policies = answers.map((answer) => answer.headers.get("ratelimit-policy"));
      expect(new Set(policies).size).toBe(1);
      expect(policies[0]).toMatch(new RegExp(`^"${SANDBOX_POLICY}"; q=120; w=60; pk=:[A-Za-z0-9+/=]+:$`));
      const remaining = answers.map((answer) => rateLimitOf(answer.headers.get("ratelimit")).remaining).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 120 }, (_, index) => index));
      await Promise.all(answers.map((answer) => answer.body?.cancel()));

      const refused = await limited.soap(client, { "accept-language": "pt-PT,pt;q=0.9" });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      expect(refused.headers.get("content-language")).toBe("pt");
      const rate = rateLimitOf(refused.headers.get("ratelimit"));
      expect(rate).toMatchObject({ name: SANDBOX_POLICY, remaining: 0 });
      expect(rate.reset).toBeGreaterThan(0);
      expect(rate.reset).toBeLessThanOrEqual(60);
      expect(refused.headers.get("retry-after")).toBe(String(rate.reset));
      const fault = faultOf(await refused.text());
      expect(fault.faultcode).toBe("soapenv:Client");
      expect(fault.code).toBe("RATE_LIMITED");
      expect(fault.href).toMatch(/\/securityHeader\/faults#RATE_LIMITED$/);
      expect(fault.lang).toBe("pt");
      expect(fault.faultstring).toContain("120 verificações por minuto");
      expect(fault.faultstring).toContain(`${rate.reset} s`);

      const english = await limited.soap(client, { "accept-language": "en-GB" });
      const englishFault = faultOf(await english.text());
      expect([englishFault.code, englishFault.lang]).toEqual(["RATE_LIMITED", "en"]);
      expect(englishFault.faultstring).toContain("120 checks a minute");

      // The same client's checker page is counted apart: its quota is whole, and its 429 is a page for a person.
      const checks = [];
      for (let n = 0; n < 4; n += 1) checks.push(await limited.checker(client, { accept: "text/html", "accept-language": "en" }));
      expect(checks.map((check) => check.status)).toEqual([200, 200, 200, 429]);
      expect(rateLimitOf(checks[0]?.headers.get("ratelimit") ?? null)).toMatchObject({ name: CHECKER_POLICY, remaining: 2 });
      const page = checks[3];
      expect(page?.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page?.headers.get("retry-after")).toBe(String(rateLimitOf(page?.headers.get("ratelimit") ?? null).reset));
      await Promise.all(checks.map((check) => check.body?.cancel()));
      // Another client's sandbox quota is its own.
      const other = await limited.soap("203.0.113.8");
      expect(other.status).toBe(400);
      await other.body?.cancel();
    } finally {
      await limited.close();
    }
  });

  it("refuse past the budget of all clients with a SOAP Fault SANDBOX_OVERLOADED (503, Retry-After), in the request's language", async () => {
    const limited = await startLimited(sandbox, { sandboxPerMinute: 1_000, allClientsPerSecond: 2 });
    try {
      // Within one second (the budget's window), from many addresses: the per-client quotas do not stop them.
      let refused: Response | undefined;
      for (let client = 1; client <= 6 && !refused; client += 1) {
        const answer = await limited.soap(`198.51.100.${client}`, { "accept-language": "en" });
        if (answer.status === 503) refused = answer;
        else await answer.body?.cancel();
      }
      if (!refused) throw new Error("the budget of all clients never refused");
      const seconds = Number(refused.headers.get("retry-after"));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(1);
      const fault = faultOf(await refused.text());
      expect([fault.faultcode, fault.code, fault.lang]).toEqual(["soapenv:Server", "SANDBOX_OVERLOADED", "en"]);
      expect(fault.faultstring).toContain("2 checks a second");
    } finally {
      await limited.close();
    }
  });

  it("the bench-only lift lifts the per-client quotas, never the budget of all clients", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    const limiters = headerCheckLimiters({ checkerPerMinute: 1, allClientsPerSecond: 3 }, { lifted: true, allClientsWindowMs: 60_000 });
    app.post("/check", ...limiters.checker, (_req, res) => void res.send("checked"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const statuses = [];
      for (let call = 0; call < 5; call += 1) {
        const answer = await fetch(`http://127.0.0.1:${port}/check`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.1" } });
        statuses.push(answer.status);
        await answer.body?.cancel();
      }
      expect(statuses).toEqual([200, 200, 200, 503, 503]);
    } finally {
      server.close();
    }
  });
});
