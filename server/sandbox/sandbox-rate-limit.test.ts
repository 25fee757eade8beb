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
import { CHECKER_POLICY, DEFAULT_HEADER_CHECK_QUOTAS, headerCheckLimiters, SANDBOX_KEY_POLICY, SANDBOX_POLICY, type HeaderCheckQuotas } from "./sandbox-limits";
import { sandboxApiKeys } from "./sandbox-api-keys";
import { sandboxWsdl } from "./sandbox-wsdl";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { wrapInEnvelope } from "@areaoe/security-header";
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
    catalogue: finding?.getAttribute("catalogue") ?? "",
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
  const state = memorySharedState();
  const apiKeys = sandboxApiKeys(state);
  app.use(BASE_PATH, sandboxRouter({ sandbox, requestLog: requestLog({ sandbox, state, logger }), logger, limiter: limiters.sandbox, quotas: limiters.quotas, apiKeys }));
  // The checker page's stand-in: its refusal is the page itself (the route's action reads res.locals.checkRefused).
  app.post(`${BASE_PATH}/checker`, ...limiters.checker, (_req, res) => {
    const refused = res.locals.checkRefused;
    if (refused) res.status(refused.status).setHeader("Retry-After", String(refused.retryAfterSeconds));
    res.type("text/html").send(refused ? "<p>refused, envelope kept</p>" : "<p>checked</p>");
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const trust = app.get("trust proxy fn") as Parameters<typeof protocolReader>[0];
  guard.check = hostGuard(trustedOrigins({ publicOrigins: [origin], port, trust, protocolOf: protocolReader(trust) }), {});
  const soap = (client: string, headers: Record<string, string> = {}, body = "not xml") =>
    fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "content-type": "text/xml", "x-forwarded-for": client, ...headers }, body });
  const checker = (client: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${BASE_PATH}/checker`, { method: "POST", headers: { "x-forwarded-for": client, ...headers } });
  return { soap, checker, apiKeys, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

  it("default to a key's quota sized for a CI suite (at least 600 a minute), over the anonymous one", () => {
    expect(DEFAULT_HEADER_CHECK_QUOTAS.sandboxKeyPerMinute).toBeGreaterThanOrEqual(600);
    expect(DEFAULT_HEADER_CHECK_QUOTAS.sandboxKeyPerMinute).toBeGreaterThan(DEFAULT_HEADER_CHECK_QUOTAS.sandboxPerMinute);
  });

  it("are stated with their real figures in the fault catalogue, on the sandbox's pages and in the WSDL, in both languages", () => {
    const { sandboxPerMinute, sandboxKeyPerMinute, checkerPerMinute, allClientsPerSecond } = DEFAULT_HEADER_CHECK_QUOTAS;
    const catalogue = JSON.parse(readFileSync("content/faults/security-header-faults.json", "utf8")) as { entries: { code: string; meaning: { pt: string; en: string } }[] };
    const meaning = (code: string) => catalogue.entries.find((entry) => entry.code === code)?.meaning;
    expect(meaning("RATE_LIMITED")?.en).toContain(`${sandboxPerMinute} checks a minute`);
    expect(meaning("RATE_LIMITED")?.en).toContain(`${sandboxKeyPerMinute} checks a minute`);
    expect(meaning("RATE_LIMITED")?.pt).toContain(`${sandboxKeyPerMinute} verificações por minuto`);
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
    expect(en).toContain(`${sandboxKeyPerMinute} checks a minute`);
    expect(pt).toContain(`${sandboxKeyPerMinute} verificações por minuto`);
    // The keys page's table of the two tiers, and the WSDL's documentation.
    const keysEn = readFileSync("content/en/security-header-sandbox-keys.mdx", "utf8");
    const keysPt = readFileSync("content/pt/security-header-sandbox-keys.mdx", "utf8");
    expect(keysEn).toContain(`| ${sandboxPerMinute} per address | ${sandboxKeyPerMinute} per key |`);
    expect(keysPt).toContain(`| ${sandboxPerMinute} por endereço | ${sandboxKeyPerMinute} por chave |`);
    expect(keysEn).toContain(`${allClientsPerSecond} checks a second`);
    const wsdl = sandboxWsdl("http://127.0.0.1/areaOE/sandbox/soap", DEFAULT_HEADER_CHECK_QUOTAS);
    expect(wsdl).toContain(`${sandboxPerMinute} checks a minute per address`);
    expect(wsdl).toContain(`${sandboxKeyPerMinute} checks a minute per key`);
    expect(wsdl).toContain(`${allClientsPerSecond} checks a second`);
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
      expect(fault.catalogue).toMatch(/\/securityHeader\/faults\?lang=pt#RATE_LIMITED$/);
      expect(fault.lang).toBe("pt");
      expect(fault.faultstring).toContain("120 verificações por minuto");
      expect(fault.faultstring).toContain(`${rate.reset} s`);

      const english = await limited.soap(client, { "accept-language": "en-GB" });
      const englishFault = faultOf(await english.text());
      expect([englishFault.code, englishFault.lang]).toEqual(["RATE_LIMITED", "en"]);
      expect(englishFault.faultstring).toContain("120 checks a minute");

      // The same client's checker page is counted apart: its quota is whole, and its 429 is the page itself (the envelope kept).
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

  it("give a key its own quota, whatever the address: two keys behind one address, and the address without a key, each count apart", async () => {
    const limited = await startLimited(sandbox, { sandboxPerMinute: 3, sandboxKeyPerMinute: 5 });
    try {
      const first = await limited.apiKeys.create("owner-1", "suite A", false);
      const second = await limited.apiKeys.create("owner-2", "suite B", false);
      if (!("key" in first) || !("key" in second)) throw new Error("no key made");
      const office = "198.51.100.20";
      const statuses = async (count: number, headers: Record<string, string>) => {
        const list: number[] = [];
        for (let n = 0; n < count; n += 1) {
          const answer = await limited.soap(office, headers);
          list.push(answer.status);
          if (n === 0 && headers.authorization) expect(rateLimitOf(answer.headers.get("ratelimit")).name).toBe(SANDBOX_KEY_POLICY);
          await answer.body?.cancel();
        }
        return list;
      };
      expect(await statuses(6, { authorization: `Bearer ${first.key}` })).toEqual([400, 400, 400, 400, 400, 429]);
      expect(await statuses(6, { authorization: `Bearer ${second.key}` })).toEqual([400, 400, 400, 400, 400, 429]);
      expect(await statuses(4, {})).toEqual([400, 400, 400, 429]);
      // A Bearer that is no key: counted against the address's quota (spent now), then refused.
      const guessed = await limited.soap("198.51.100.21", { authorization: "Bearer aoe_sbx_notakeynotakeynotakeynotakeynotakeynotakey1" });
      expect(guessed.status).toBe(401);
      expect(guessed.headers.get("www-authenticate")).toMatch(/^Bearer realm="areaOE sandbox", error="invalid_token"$/);
      expect(faultOf(await guessed.text())).toMatchObject({ faultcode: "soapenv:Client", code: "SANDBOX_KEY_UNKNOWN" });
    } finally {
      await limited.close();
    }
  });

  it("refuse a check the pool has no turn for (SANDBOX_OVERLOADED, 503, Retry-After) without counting it against the client's quota", async () => {
    // A pool whose budget of all clients is spent (a thousandth of a check a second): every check waits
    // its 300 ms for a turn that does not come, and no worker is ever asked.
    const spent = createVerificationPool({ limits: { workers: 1, queue: 50, taskTimeoutMs: 300, perSecond: 0.001 } });
    const spentSandbox = await loadHeaderSandbox(dir, path.join(dir, "key"), { pool: spent });
    const limited = await startLimited(spentSandbox, { sandboxPerMinute: 3, allClientsPerSecond: 1 });
    try {
      const publicKey = parseAuthorityKey(spentSandbox.certificatePem);
      const made = async () => wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey })).xml, "<ping/>");
      // Five posts against a quota of three: none is a 429, since none was counted.
      for (let post = 0; post < 5; post += 1) {
        const refused = await limited.soap("203.0.113.99", { "accept-language": "en" }, await made());
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("1");
        expect(rateLimitOf(refused.headers.get("ratelimit")).remaining).toBe(2);
        const fault = faultOf(await refused.text());
        expect([fault.faultcode, fault.code, fault.lang]).toEqual(["soapenv:Server", "SANDBOX_OVERLOADED", "en"]);
        expect(fault.faultstring).toContain("1 a second");
      }
    } finally {
      await limited.close();
      await spent.close();
    }
  }, 30_000);

  it("the bench-only lift lifts the per-client quotas", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    const limiters = headerCheckLimiters({ checkerPerMinute: 1 }, { lifted: true });
    app.post("/check", ...limiters.checker, (_req, res) => void res.status(res.locals.checkRefused ? 429 : 200).send("checked"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const statuses = [];
      for (let call = 0; call < 3; call += 1) {
        const answer = await fetch(`http://127.0.0.1:${port}/check`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.1" } });
        statuses.push(answer.status);
        await answer.body?.cancel();
      }
      expect(statuses).toEqual([200, 200, 200]);
    } finally {
      server.close();
    }
  });
});
