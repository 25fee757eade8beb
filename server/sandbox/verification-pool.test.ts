import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BroadcastChannel } from "node:worker_threads";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as securityHeader from "@areaoe/security-header/node";
import { generateSecurityHeader, parseAuthorityKey, verifySecurityHeader, type VerifyOptions } from "@areaoe/security-header/node";
import { wrapInEnvelope } from "@areaoe/security-header";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";
import { SANDBOX_BUSY_RETRY_AFTER_SECONDS } from "./sandbox-router";
import { SANDBOX_NAMESPACE } from "./soap-response";
import { createVerificationPool, defaultVerificationWorkers, VerificationBusyError, type VerificationPool } from "./verification-pool";
import { CRASH_MARK, GATE_CHANNEL, HOLD_MARK } from "./verification-test-worker";
import { createPortalMetrics } from "../observability/portal-metrics";

// The main thread's verifier, watched: the sandbox must never call it (its checks run in the pool's workers,
// which load the module on their own; this spy lives in the test's thread only).
vi.mock("@areaoe/security-header/node", async (importOriginal) => {
  const real = await importOriginal<typeof securityHeader>();
  return { ...real, verifySecurityHeader: vi.fn(real.verifySecurityHeader) };
});

const TEST_WORKER = path.join(import.meta.dirname, "verification-test-worker.ts");

// A 2048-bit pair (quicker than the sandbox's 4096 bits) for the pool's own tests.
const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKeyPem = pair.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const publicKeyPem = pair.publicKey.export({ format: "pem", type: "spki" }).toString();
const USERNAME = "123456789/1";
const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";

async function header(form: "digest" | "encrypted-created", password = "secret", publicKey = parseAuthorityKey(publicKeyPem)): Promise<string> {
  return wrapInEnvelope((await generateSecurityHeader({ username: USERNAME, password, publicKey, form })).xml, "<ping/>");
}

const pools: VerificationPool[] = [];
function pool(limits: { workers?: number; queue: number; taskTimeoutMs: number }, workerFile?: string): VerificationPool {
  const made = createVerificationPool({ limits, ...(workerFile ? { workerFile } : {}) });
  pools.push(made);
  return made;
}
afterAll(async () => {
  await Promise.all(pools.map((each) => each.close()));
});

/** The elements of an XML text, namespaces resolved (saxes, a well-formedness checking parser): throws when it is not well-formed. */
function readXml(text: string): { uri: string; local: string; attributes: Record<string, string>; text: string }[] {
  const parser = new SaxesParser({ xmlns: true });
  const elements: { uri: string; local: string; attributes: Record<string, string>; text: string }[] = [];
  const open: (typeof elements)[number][] = [];
  parser.on("opentag", (tag) => {
    const element = { uri: tag.uri, local: tag.local, attributes: Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value])), text: "" };
    elements.push(element);
    open.push(element);
  });
  parser.on("text", (chunk) => {
    const current = open.at(-1);
    if (current) current.text += chunk;
  });
  parser.on("closetag", () => open.pop());
  parser.write(text).close();
  return elements;
}

/** Waits until `count` held checks wait in their workers, then lets them all go. */
async function holdUntil(count: number): Promise<{ release: () => void }> {
  const channel = new BroadcastChannel(GATE_CHANNEL);
  let holding = 0;
  await new Promise<void>((resolve) => {
    channel.onmessage = (event) => {
      if ((event as { data?: unknown }).data === "holding" && (holding += 1) >= count) resolve();
    };
  });
  return {
    release: () => {
      channel.postMessage("release");
      channel.close();
    },
  };
}

describe("the verification pool", () => {
  it("gives the same result from a worker as the verifier on the main thread, for valid and invalid headers", async () => {
    const verifier = pool({ workers: 1, queue: 16, taskTimeoutMs: 20_000 });
    const digest = await header("digest");
    const encrypted = await header("encrypted-created");
    const nonce = /<wsse:Nonce[^>]*>([^<]+)</.exec(digest)?.[1] ?? "";
    const brokenNonce = digest.replace(nonce, `${nonce[0] === "A" ? "B" : "A"}${nonce.slice(1)}`);
    const otherKey = parseAuthorityKey(generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "pem", type: "spki" }).toString());
    const cases: [string, string, Partial<VerifyOptions>][] = [
      ["digest, right password", digest, { password: "secret" }],
      ["encrypted Created", encrypted, {}],
      ["digest, another password claimed", digest, { password: "other" }],
      ["expired (the clock as a Date)", digest, { now: new Date(Date.now() + 10 * 60_000) }],
      ["in the future", encrypted, { now: new Date(Date.now() - 10 * 60_000) }],
      ["a broken Nonce", brokenNonce, {}],
      ["made for another key", await header("digest", "secret", otherKey), {}],
      ["not XML", "<soapenv:Envelope", {}],
      ["a DOCTYPE", '<!DOCTYPE x [<!ENTITY a "b">]><x/>', {}],
      ["no security header", '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body/></soapenv:Envelope>', {}],
      ["a bad username", (await header("digest")).replace(USERNAME, "123/1"), {}],
    ];
    const codes = new Set<string>();
    for (const [label, xml, extra] of cases) {
      // The same `now` for both, so that an age in seconds cannot differ between the two runs.
      const options: VerifyOptions = { privateKey: privateKeyPem, now: new Date(), ...extra };
      const fromWorker = await verifier.verify(xml, options);
      expect(fromWorker, label).toEqual(verifySecurityHeader(xml, options));
      for (const finding of fromWorker.findings) codes.add(finding.code);
    }
    // The cases cover the verifier's stages: accepted headers and each kind of refusal.
    expect([...codes].sort()).toEqual(
      expect.arrayContaining(["CREATED_IN_FUTURE", "DTD_FORBIDDEN", "EXPIRED", "NONCE_UNDECRYPTABLE", "NOT_XML", "NO_SECURITY_HEADER", "PASSWORD_MISMATCH", "USERNAME_FORMAT"]),
    );
    // A KeyObject (structured-cloned to the worker) gives the same answer as the PEM text.
    const keyObject = createPrivateKey(privateKeyPem);
    expect(await verifier.verify(digest, { privateKey: keyObject, password: "secret" })).toMatchObject({ ok: true, findings: [] });
    expect(await verifier.verify(brokenNonce, { privateKey: keyObject })).toEqual(verifySecurityHeader(brokenNonce, { privateKey: keyObject }));
    // The verifier's own error (a bad key: the caller's configuration) comes back as that error.
    await expect(verifier.verify(digest, { privateKey: "not a key" })).rejects.toThrow(/privateKey must be an unencrypted RSA private key/);
    expect(verifier.refused).toBe(0);
  }, 60_000);

  it("stops the start when its worker module is missing (a build without it would refuse every check)", () => {
    expect(() => createVerificationPool({ limits: { queue: 1, taskTimeoutMs: 1_000 }, workerFile: path.join(tmpdir(), "no-such-verification-worker.js") })).toThrow(
      /worker module is missing/,
    );
  });

  it("has the machine's cores less one by default, at least one", () => {
    expect(defaultVerificationWorkers(8)).toBe(7);
    expect(defaultVerificationWorkers(2)).toBe(1);
    expect(defaultVerificationWorkers(1)).toBe(1);
  });

  it("refuses at once past its workers and queue, and counts queued, running and refused", async () => {
    const verifier = pool({ workers: 1, queue: 1, taskTimeoutMs: 20_000 }, TEST_WORKER);
    const xml = `${HOLD_MARK}${await header("digest")}`;
    const held = holdUntil(1);
    const first = verifier.verify(xml, { privateKey: privateKeyPem });
    const second = verifier.verify(xml, { privateKey: privateKeyPem });
    const gate = await held;
    expect([verifier.running, verifier.queued]).toEqual([1, 1]);
    // What Prometheus reads (server/observability/portal-metrics.ts) follows the pool's own counts.
    const metrics = createPortalMetrics();
    metrics.watchVerificationPool(verifier);
    const exposed = async () => (await metrics.registry.metrics()).split("\n").filter((line) => line.startsWith("areaoe_verification_pool_"));
    expect(await exposed()).toEqual(['areaoe_verification_pool_checks{state="queued"} 1', 'areaoe_verification_pool_checks{state="running"} 1', "areaoe_verification_pool_refused_total 0"]);
    const third = verifier.verify(xml, { privateKey: privateKeyPem });
    await expect(third).rejects.toBeInstanceOf(VerificationBusyError);
    await expect(third).rejects.toMatchObject({ reason: "full" });
    expect(verifier.refused).toBe(1);
    expect(await exposed()).toContain("areaoe_verification_pool_refused_total 1");
    // The second waits its turn, then is held in its turn too.
    const next = holdUntil(1);
    gate.release();
    expect(await first).toMatchObject({ ok: true });
    (await next).release();
    expect(await second).toMatchObject({ ok: true });
    expect([verifier.running, verifier.queued, verifier.refused]).toEqual([0, 0, 1]);
  }, 60_000);

  it("answers a check past its deadline (503 reason timeout), replaces the worker and goes on", async () => {
    const verifier = pool({ workers: 1, queue: 4, taskTimeoutMs: 500 }, TEST_WORKER);
    const valid = await header("digest");
    const started = Date.now();
    await expect(verifier.verify(`${HOLD_MARK}${valid}`, { privateKey: privateKeyPem })).rejects.toMatchObject({ reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The replacement worker starts (its first checks may still find it starting: refused, not lost).
    await vi.waitFor(async () => expect(await verifier.verify(valid, { privateKey: privateKeyPem, password: "secret" })).toMatchObject({ ok: true }), { timeout: 30_000, interval: 100 });
    expect(verifier.workers).toBe(1);
  }, 60_000);
});

describe("the SOAP sandbox on the pool, over HTTP", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-verification-pool-"));
  let sandbox: HeaderSandbox;
  let verifier: VerificationPool;
  beforeAll(async () => {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "365", "-subj", "/CN=areaOE pool test",
      "-keyout", path.join(dir, "private-key.pem"), "-out", path.join(dir, "certificate.pem"),
    ], { stdio: "ignore" });
    verifier = pool({ workers: 1, queue: 1, taskTimeoutMs: 20_000 }, TEST_WORKER);
    sandbox = await loadHeaderSandbox(dir, dir, { pool: verifier });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const envelope = async () => wrapInEnvelope((await generateSecurityHeader({ username: USERNAME, password: "p", publicKey: parseAuthorityKey(sandbox.certificatePem), form: "digest" })).xml, "<ping/>");
  const post = (origin: string, body: string) => fetch(`${origin}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8" }, body });

  it("verifies in a worker, never with the main thread's verifier", async () => {
    const mainThread = vi.mocked(securityHeader.verifySecurityHeader);
    mainThread.mockClear();
    const app = await startSandboxApp(sandbox, { checksPerMinute: 1_000 });
    try {
      const answer = await post(app.origin, await envelope());
      expect(answer.status, await answer.text()).toBe(200);
      expect(await sandbox.check(await envelope(), { password: "p" })).toMatchObject({ ok: true, findings: [] });
    } finally {
      await app.close();
    }
    expect(mainThread).not.toHaveBeenCalled();
  });

  it("answers a SOAP 1.1 Server Fault SANDBOX_BUSY with 503 and Retry-After when the pool is full", async () => {
    const app = await startSandboxApp(sandbox, { checksPerMinute: 1_000 });
    try {
      const held = holdUntil(1);
      const running = post(app.origin, `${HOLD_MARK}${await envelope()}`);
      const gate = await held;
      const waiting = post(app.origin, await envelope());
      await vi.waitFor(() => expect(verifier.queued).toBe(1));
      const refused = await post(app.origin, await envelope());
      const fault = await refused.text();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(SANDBOX_BUSY_RETRY_AFTER_SECONDS));
      expect(refused.headers.get("content-type")).toMatch(/^text\/xml/);
      // The Fault, read as XML (namespaces resolved): SOAP 1.1's Server fault and the catalogue's code.
      const read = readXml(fault);
      expect(read.find((element) => element.uri === SOAP_ENV_NS && element.local === "Fault")).toBeDefined();
      expect(read.find((element) => element.local === "faultcode")?.text).toBe("soapenv:Server");
      expect(read.find((element) => element.local === "faultstring")?.text).toMatch(/ocupado/); // no Accept-Language: the portal's first language, pt
      expect(read.find((element) => element.uri === SANDBOX_NAMESPACE && element.local === "Finding")?.attributes.code).toBe("SANDBOX_BUSY");
      gate.release();
      expect((await running).status).toBe(200);
      expect((await waiting).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("answers a check whose worker crashed (503 SANDBOX_BUSY), replaces the worker, and checks the next one", async () => {
    const app = await startSandboxApp(sandbox, { checksPerMinute: 1_000 });
    try {
      const refusedBefore = verifier.refused;
      const crashed = await post(app.origin, `${CRASH_MARK}${await envelope()}`);
      expect(crashed.status).toBe(503);
      expect(crashed.headers.get("retry-after")).toBe(String(SANDBOX_BUSY_RETRY_AFTER_SECONDS));
      expect(await crashed.text()).toContain('code="SANDBOX_BUSY"');
      expect(verifier.refused).toBe(refusedBefore + 1);
      // A new worker takes the next checks (twice: the replacement, not a lucky survivor).
      for (let i = 0; i < 2; i += 1) {
        const next = await post(app.origin, await envelope());
        expect(next.status, await next.text()).toBe(200);
      }
      expect(verifier.workers).toBe(1);
    } finally {
      await app.close();
    }
  }, 60_000);
});
