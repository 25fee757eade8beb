// @vitest-environment jsdom
// The request log over real HTTP: every sandbox request gets a trace id (response header, Fault detail
// or success response), its decoded trace opens from the id alone as HTML (pt, en) or JSON, for every
// finding code; unknown ids are 404s; nothing is cached or indexed; the password is never in the store
// or the logs; a header sent twice gets HEADER_REPLAYED; a client keeps at most its share of traces; the
// key rotation is driven by a clock the test controls.
import { createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapInEnvelope } from "@areaoe/security-header";
import { FINDING_CODES, type FindingCode } from "@areaoe/security-header/node";
import { BASE_PATH, pageHref } from "../../app/server-surface";
import { memorySharedState, type SharedState } from "../shared-state/shared-state";
import { redisSharedState } from "../shared-state/redis-shared-state";
import { redisServerMissing, startTestRedis, type TestRedis } from "../shared-state/test-redis-server";
import { redisSchema } from "../config/schema";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { requestLog as requestLogOf, TRACE_ID_HEADER, TRACES_PER_CLIENT, type RequestLog, type RequestTrace } from "./request-log";
import { startSandboxApp } from "./sandbox-test-app";
import { SANDBOX_KEY_OVERLAP_DAYS, SANDBOX_KEY_PERIOD_DAYS } from "./sandbox-keys";
import { aes, craftHeader, type Craft } from "@areaoe/security-header/test-support/craft-header";

const DAY = 86_400_000;
const PASSWORD = "Pa55-trace-ção-Zx";
const dir = mkdtempSync(path.join(tmpdir(), "areaoe-request-log-"));
const start = new Date("2026-11-28T15:00:00.000Z");
let clock = start;
const lines: string[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(line) });
const state = memorySharedState();
let sandbox: HeaderSandbox;
let origin: string;
let requestLog: RequestLog;
let close: () => Promise<void>;

beforeAll(async () => {
  sandbox = await loadHeaderSandbox(dir, dir, { bits: 2048, now: () => clock });
  const app = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 100_000, state, logger });
  origin = app.origin;
  requestLog = app.requestLog;
  close = app.close;
}, 60_000);

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

const currentPem = () => sandbox.keys().find((key) => key.status === "current")?.certificatePem ?? "";
/** A header made for a certificate (PEM): the package's own test-support header, one part at a time breakable. */
const header = ({ certificatePem = currentPem(), ...craft }: Partial<Craft> & { certificatePem?: string } = {}) =>
  craftHeader({ publicKey: createPublicKey(certificatePem), password: PASSWORD, created: clock.toISOString(), envelope: true, ...craft });

async function post(xml: string): Promise<{ status: number; text: string; traceId: string }> {
  const response = await fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8" }, body: xml });
  return { status: response.status, text: await response.text(), traceId: response.headers.get(TRACE_ID_HEADER) ?? "" };
}

type TraceAnswer = Omit<RequestTrace, "findings"> & { findings: Array<{ code: string; severity: string; catalogue: string }> };

async function traceJson(id: string): Promise<TraceAnswer> {
  const response = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { Accept: "application/json" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as never;
}

const codesOf = (trace: { findings: ReadonlyArray<{ code: string }> }) => trace.findings.map((finding) => finding.code);

describe("trace ids", () => {
  it("an accepted header: the id in the response header and in the response, 144 random bits, the trace by id", async () => {
    const answer = await post(header());
    expect(answer.status).toBe(200);
    expect(answer.traceId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Buffer.from(answer.traceId, "base64url")).toHaveLength(18);
    const doc = new DOMParser().parseFromString(answer.text, "application/xml");
    const trace = doc.getElementsByTagNameNS("urn:areaoe:sandbox:security-header", "Trace")[0];
    expect(trace?.getAttribute("id")).toBe(answer.traceId);
    expect(trace?.getAttribute("href")).toBe(`${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}`);
    const kept = await traceJson(answer.traceId);
    expect(kept).toMatchObject({ version: 1, id: answer.traceId, source: "sandbox", ok: true, form: "digest", username: "123456789/1" });
    expect(kept.keyId).toBe(sandbox.keys().find((key) => key.status === "current")?.id);
    expect(kept.trace?.steps.map((step) => step.step)).toEqual(["input", "xml", "soap", "elements", "form", "nonce", "password", "created", "digest", "clock"]);
  });

  it("a refused header: the id in the Fault's detail too", async () => {
    const answer = await post(header({ username: "12345/1" }));
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(`<sandbox:Trace id="${answer.traceId}" href="${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}"/>`);
    expect(codesOf(await traceJson(answer.traceId))).toEqual(["USERNAME_FORMAT"]);
  });

  it("each check gets its own id", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 5; index += 1) ids.add((await post("<not-xml")).traceId);
    expect(ids.size).toBe(5);
  });
});

describe("a trace for each finding code", () => {
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  /** Tries a few fresh headers: a value under another AES key fails its padding check 255 times in 256. */
  const firstWith = async (code: FindingCode, make: () => Promise<string>) => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const id = await make();
      if (codesOf(await traceJson(id)).includes(code)) return id;
    }
    throw new Error(`no trace with ${code}`);
  };
  const viaSoap = (xml: () => string) => async () => (await post(xml())).traceId;
  const viaChecker = (xml: () => string, password: string) => async () => (await requestLog.check(xml(), { source: "checker", client: "checker-client", password })).traceId;
  const soap12 = () => header().replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");
  const cases: Record<FindingCode, () => Promise<string>> = {
    NOT_XML: viaSoap(() => "<soapenv:Envelope"),
    DTD_FORBIDDEN: viaSoap(() => `<!DOCTYPE x [<!ENTITY a "b">]><x/>`),
    XML_TOO_DEEP: viaSoap(() => `${"<a>".repeat(40)}${"</a>".repeat(40)}`),
    XML_TOO_MANY_ELEMENTS: viaSoap(() => `<r>${"<b/>".repeat(300)}</r>`),
    XML_TOO_MANY_ATTRIBUTES: viaSoap(() => `<r ${Array.from({ length: 70 }, (_, i) => `a${i}="1"`).join(" ")}/>`),
    SOAP_VERSION_MISMATCH: viaSoap(soap12),
    NO_SECURITY_HEADER: viaSoap(() => wrapInEnvelope("", "<ping/>")),
    WRONG_NAMESPACE: viaSoap(() => header({ namespace: "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd", prefix: "wsse" })),
    UNEXPECTED_PREFIX: viaSoap(() => header({ prefix: "wsse" })),
    MISSING_ELEMENT: viaSoap(() => header().replace(/\s*<wss:Nonce>[^<]*<\/wss:Nonce>/, "")),
    REPEATED_ELEMENT: viaSoap(() => {
      const xml = header();
      const nonce = /<wss:Nonce>[^<]*<\/wss:Nonce>/.exec(xml)?.[0] ?? "";
      return xml.replace(nonce, nonce + nonce);
    }),
    USERNAME_FORMAT: viaSoap(() => header({ username: "abc/1" })),
    BASE64_INVALID: viaSoap(() => header().replace(/(<wss:Password[^>]*>)[^<]+/, "$1abc$def")),
    BASE64_LINE_BREAKS: viaSoap(() => header({ wrapBase64: true })),
    BASE64_URL_SAFE: viaSoap(() => header({ urlSafeBase64: true })),
    CIPHERTEXT_TOO_LONG: viaSoap(() => header().replace(/(<wss:Nonce>)[^<]+/, `$1${randomBytes(2_048).toString("base64")}`)),
    MIXED_FORM: viaSoap(() => header({ form: "mixed" })),
    NONCE_UNDECRYPTABLE: viaSoap(() => header({ nonceKey: other.publicKey })),
    NONCE_OAEP: viaSoap(() => header({ noncePadding: "oaep-sha256" })),
    NONCE_KEY_NOT_YET_VALID: viaSoap(() => header({ certificatePem: sandbox.keys().find((key) => key.status === "next")?.certificatePem ?? "" })),
    AES_CBC_MODE: viaSoap(() => header({ aesMode: "cbc-prepended-iv" })),
    NONCE_RETIRED_KEY: viaSoap(() => header({ certificatePem: sandbox.keys().find((key) => key.status === "retired")?.certificatePem ?? "" })),
    PASSWORD_UNDECRYPTABLE: viaSoap(() => header({ aesKey: randomBytes(16) })),
    PASSWORD_NOT_UTF8: viaSoap(() => header({ passwordBytes: Buffer.from("pässwörd", "latin1") })),
    PASSWORD_MISMATCH: viaChecker(() => header(), "not-the-password"),
    PASSWORD_LINE_BREAK: viaSoap(() => header({ password: "pässwörd\n" })),
    CREATED_UNDECRYPTABLE: viaSoap(() => header({ form: "encrypted-created" }).replace(/(<wss:Created>)[^<]+/, `$1${aes(randomBytes(16), Buffer.from(clock.toISOString())).toString("base64")}`)),
    CREATED_MALFORMED: viaSoap(() => header({ created: clock.toISOString().replace("Z", "+00:00") })),
    DIGEST_UNDECRYPTABLE: viaSoap(() => header().replace(/Digest="[^"]+"/, `Digest="${aes(randomBytes(16), randomBytes(20)).toString("base64")}"`)),
    DIGEST_MISMATCH: viaSoap(() => header({ digestParts: ({ sessionKey, created, password }) => [created, sessionKey, password] })),
    CREATED_IN_FUTURE: viaSoap(() => header({ created: new Date(clock.getTime() + 3_600_000).toISOString() })),
    EXPIRED: viaSoap(() => header({ created: new Date(clock.getTime() - 120_000).toISOString() })),
    HEADER_REPLAYED: async () => {
      const xml = header();
      await post(xml);
      return (await post(xml)).traceId;
    },
  };

  it("covers every code the verifier and the request log give", () => {
    expect(Object.keys(cases).sort()).toEqual([...FINDING_CODES].sort());
  });

  it.each([...FINDING_CODES])("%s: in the trace (JSON with its catalogue link; HTML in pt and en with a link to its entry)", async (code) => {
    const id = await firstWith(code, cases[code]);
    const json = await traceJson(id);
    const finding = json.findings.find((candidate) => candidate.code === code);
    expect(finding?.catalogue).toBe(`${origin}${pageHref("security-header-faults")}#${code}`);
    for (const lang of ["pt", "en"]) {
      const response = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { Accept: "text/html", "Accept-Language": lang } });
      expect(response.status).toBe(200);
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      expect(doc.documentElement.lang).toBe(lang);
      expect(doc.querySelector(`a[href="${pageHref("security-header-faults")}#${code}"]`)).not.toBeNull();
    }
  });
});

describe("the trace page", () => {
  it("HTML by default and for browsers, JSON for Accept: application/json; no-store, noindex, in the visitor's language", async () => {
    const { traceId } = await post(header());
    const pt = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${traceId}`, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language": "pt-PT,pt;q=0.9" } });
    expect(pt.status).toBe(200);
    expect(pt.headers.get("content-type")).toMatch(/^text\/html/);
    expect(pt.headers.get("cache-control")).toBe("no-store");
    expect(pt.headers.get("x-robots-tag")).toBe("noindex");
    const html = await pt.text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.documentElement.lang).toBe("pt");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(doc.querySelector("h1")?.textContent).toBe("Registo de uma verificação do cabeçalho de segurança");
    expect(doc.querySelector("a.skip-link")?.getAttribute("href")).toBe("#main-content");
    // Each step, in order, with the values to compare: the AES key and the Digest expected.
    const headings = [...doc.querySelectorAll("main ol h3")].map((h) => h.textContent);
    expect(headings).toEqual([
      "O tamanho do pedido", "A leitura do XML", "O envelope SOAP e os seus namespaces", "Os elementos encontrados", "A forma do cabeçalho",
      "O Nonce e a chave a que corresponde", "A Password", "Created", "O Digest", "O relógio do servidor",
    ]);
    const json = await traceJson(traceId);
    const nonce = json.trace?.steps.find((step) => step.step === "nonce");
    const digest = json.trace?.steps.find((step) => step.step === "digest");
    expect(nonce && "sessionKeyHex" in nonce ? nonce.sessionKeyHex : "").toMatch(/^[0-9a-f]{32}$/);
    expect(html).toContain(nonce && "sessionKeyHex" in nonce ? (nonce.sessionKeyHex ?? "") : "missing");
    expect(html).toContain(digest && "expectedDigestBase64" in digest ? digest.expectedDigestBase64 : "missing");
    expect(html).toContain(nonce && "key" in nonce ? (nonce.key?.fingerprintSha256 ?? "") : "missing");
    const en = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${traceId}`, { headers: { "Accept-Language": "en" } });
    expect(new DOMParser().parseFromString(await en.text(), "text/html").querySelector("h1")?.textContent).toBe("Trace of a security header check");
  });

  it.each([
    ["an unknown id", "A".repeat(24)],
    ["a malformed id", "not-an-id"],
    ["an id too long", "A".repeat(300)],
    ["an encoded slash", "..%2F..%2Fetc"],
  ])("%s: 404 (a page, or JSON), never a 500", async (_label, id) => {
    const page = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { "Accept-Language": "en" } });
    expect(page.status).toBe(404);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(new DOMParser().parseFromString(await page.text(), "text/html").querySelector("h1")?.textContent).toBe("No trace with this id");
    const json = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { Accept: "application/json" } });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ error: "not-found" });
  });
});

describe("what is never kept", () => {
  it("the password: not in the trace store, not in the logs, not in the answers", async () => {
    const checked = await requestLog.check(header(), { source: "checker", client: "password-client", password: PASSWORD });
    expect(checked.result.ok).toBe(true);
    const refused = await requestLog.check(header(), { source: "checker", client: "password-client", password: `${PASSWORD}-other` });
    expect(codesOf(refused.result)).toContain("PASSWORD_MISMATCH");
    const digestWrong = await post(header({ digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from(PASSWORD, "latin1")] }));
    const stored = state.records("sandbox-trace").join("\n");
    expect(stored.length).toBeGreaterThan(0);
    const encodings = [PASSWORD, Buffer.from(PASSWORD).toString("hex"), Buffer.from(PASSWORD).toString("base64"), Buffer.from(PASSWORD, "latin1").toString("hex")];
    for (const form of encodings) {
      expect(stored).not.toContain(form);
      expect(lines.join("\n")).not.toContain(form);
    }
    for (const id of [checked.traceId, refused.traceId, digestWrong.traceId]) {
      const page = await (await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`)).text();
      for (const form of encodings) expect(page).not.toContain(form);
    }
    // What is kept instead: the length, the UTF-8 validity and whether it matched.
    const kept = await traceJson(checked.traceId);
    expect(kept.trace?.steps.find((step) => step.step === "password")).toMatchObject({ plaintextBytes: Buffer.byteLength(PASSWORD), utf8: true, matchesGiven: true });
  });
});

describe("replay", () => {
  it("a header sent twice within its validity gets HEADER_REPLAYED (a warning: still accepted); a fresh one does not", async () => {
    const xml = header();
    const first = await post(xml);
    expect(first.status).toBe(200);
    expect(first.text).not.toContain("HEADER_REPLAYED");
    const second = await post(xml);
    expect(second.status).toBe(200);
    expect(second.text).toContain('<sandbox:Warning code="HEADER_REPLAYED"');
    expect(codesOf(await traceJson(second.traceId))).toEqual(["HEADER_REPLAYED"]);
    expect((await post(header())).text).not.toContain("HEADER_REPLAYED");
  });

  it("the same Digest with another Nonce is a replay too; the key is a hash (never the value itself)", async () => {
    const xml = header({ form: "digest" });
    await post(xml);
    const digest = /Digest="([^"]+)"/.exec(xml)?.[1] ?? "";
    const reused = header().replace(/Digest="[^"]+"/, `Digest="${digest}"`);
    const answer = await post(reused);
    expect(codesOf(await traceJson(answer.traceId))).toContain("HEADER_REPLAYED");
  });

  it("is forgotten after the validity window", async () => {
    const xml = header();
    await post(xml);
    const saved = clock;
    // The header is then expired anyway: a refused header is not called a replay.
    clock = new Date(saved.getTime() + 70_000);
    const later = await post(xml);
    expect(codesOf(await traceJson(later.traceId))).toEqual(["EXPIRED"]);
    clock = saved;
  });
});

describe("the per-client cap", () => {
  it(`keeps at most ${TRACES_PER_CLIENT} traces of a client: the oldest are dropped, other clients keep theirs`, async () => {
    const other = await requestLog.check("<x", { source: "checker", client: "another-client" });
    const ids: string[] = [];
    for (let index = 0; index < TRACES_PER_CLIENT + 5; index += 1) ids.push((await requestLog.check("<x", { source: "checker", client: "busy-client" })).traceId);
    for (const id of ids.slice(0, 5)) expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`)).status).toBe(404);
    for (const id of ids.slice(5, 8)) expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`)).status).toBe(200);
    expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests/${other.traceId}`)).status).toBe(200);
  });
});

describe("the key rotation, driven by the test's clock", () => {
  const keyOf = (status: string) => sandbox.keys().find((key) => key.status === status);
  const headerFor = (status: string) => header({ certificatePem: keyOf(status)?.certificatePem ?? "" });

  it("GET /sandbox/keys: the contract (now, keys with id, status, dates, fingerprint, certificate URLs), no-cache", async () => {
    const response = await fetch(`${origin}${BASE_PATH}/sandbox/keys`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const body = (await response.json()) as { now: string; keys: Array<Record<string, string>> };
    expect(body.now).toBe(clock.toISOString());
    expect(body.keys.map((key) => key.status)).toEqual(["retired", "current", "next"]);
    for (const key of body.keys) {
      expect(Object.keys(key).sort()).toEqual(["certificateDer", "certificatePem", "fingerprintSha256", "id", "status", "validFrom", "validUntil"]);
      expect(key.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(key.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(key.certificatePem).toBe(`${origin}${BASE_PATH}/sandbox/keys/${key.id}.pem`);
      const pem = await fetch(key.certificatePem ?? "");
      expect(pem.status).toBe(200);
      expect(await pem.text()).toBe(sandbox.keys().find((candidate) => candidate.id === key.id)?.certificatePem);
      const der = await fetch(key.certificateDer ?? "");
      expect(Buffer.from(await der.arrayBuffer()).equals(sandbox.keys().find((candidate) => candidate.id === key.id)?.certificateDer ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await fetch(`${origin}${BASE_PATH}/sandbox/keys/2020-01-01-00000000.pem`)).status).toBe(404);
    // The old address still serves the current key's certificate.
    const legacy = await fetch(`${origin}${BASE_PATH}/sandbox/test-certificate.pem`);
    expect(await legacy.text()).toBe(keyOf("current")?.certificatePem);
  });

  it("current accepted; next accepted in the overlap; retired refused with NONCE_RETIRED_KEY", async () => {
    const saved = clock;
    try {
      const current = await post(headerFor("current"));
      expect(current.status).toBe(200);
      expect((await traceJson(current.traceId)).keyId).toBe(keyOf("current")?.id);
      // The next key is accepted from the day it is listed, before its validity begins too.
      expect(keyOf("next")?.validFrom.getTime()).toBeGreaterThan(clock.getTime());
      const early = await post(headerFor("next"));
      expect(early.status).toBe(200);
      // ... with a warning, as the CLI warns for a certificate not yet valid.
      expect(codesOf(await traceJson(early.traceId))).toEqual(["NONCE_KEY_NOT_YET_VALID"]);
      // In the overlap: next is valid, and it is what a client picking by date takes.
      clock = new Date(start.getTime() + (SANDBOX_KEY_PERIOD_DAYS - SANDBOX_KEY_OVERLAP_DAYS + 1) * DAY);
      const next = keyOf("next");
      expect(next && next.validFrom <= clock).toBe(true);
      const viaNext = await post(headerFor("next"));
      expect(viaNext.status, viaNext.text).toBe(200);
      expect((await traceJson(viaNext.traceId)).keyId).toBe(next?.id);
      expect(codesOf(await traceJson(viaNext.traceId))).toEqual([]);
      expect((await post(headerFor("current"))).status).toBe(200);
      const retired = await post(headerFor("retired"));
      expect(retired.status).toBe(500);
      expect(retired.text).toContain('code="NONCE_RETIRED_KEY"');
      expect(codesOf(await traceJson(retired.traceId))).toEqual(["NONCE_RETIRED_KEY"]);
      // After the overlap the old current key is the retired one.
      const oldCurrent = keyOf("current");
      clock = new Date(start.getTime() + (SANDBOX_KEY_PERIOD_DAYS + 1) * DAY);
      expect(keyOf("retired")?.id).toBe(oldCurrent?.id);
      const late = await post(header({ certificatePem: oldCurrent?.certificatePem ?? "" }));
      expect(codesOf(await traceJson(late.traceId))).toEqual(["NONCE_RETIRED_KEY"]);
    } finally {
      clock = saved;
    }
  });
});

const redisMissing = redisServerMissing();
if (redisMissing) console.warn(redisMissing);

describe.skipIf(Boolean(redisMissing))("the request log in Redis (redis-server on a free loopback port)", () => {
  let redis: TestRedis;
  let shared: SharedState;
  let second: { origin: string; requestLog: RequestLog; close(): Promise<void> };

  beforeAll(async () => {
    redis = await startTestRedis();
    shared = redisSharedState({ settings: redisSchema.parse({ url: redis.url, keyPrefix: "trace-test:" }), logger });
    for (let tries = 0; !(await shared.reachable()) && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    second = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 100_000, state: shared, logger });
  }, 30_000);

  afterAll(async () => {
    await second?.close();
    await shared?.close();
    await redis?.dispose();
  });

  it("keeps the trace in Redis for 24 hours, opens it by id, and never stores the password", async () => {
    const checked = await second.requestLog.check(header(), { source: "checker", client: "redis-client", password: PASSWORD });
    expect(checked.kept).toBe(true);
    const response = await fetch(`${second.origin}${BASE_PATH}/sandbox/requests/${checked.traceId}`, { headers: { Accept: "application/json" } });
    expect(((await response.json()) as RequestTrace).id).toBe(checked.traceId);
    const ttl = Number(redis.cli("TTL", `trace-test:sandbox-trace:${checked.traceId}`));
    expect(ttl).toBeGreaterThan(86_000);
    expect(ttl).toBeLessThanOrEqual(86_400);
    const keys = redis.cli("--scan", "--pattern", "trace-test:*").split("\n").filter(Boolean);
    const everything = keys.map((key) => (redis.cli("TYPE", key) === "string" ? redis.cli("GET", key) : redis.cli("LRANGE", key, "0", "-1"))).join("\n");
    expect(everything).toContain(checked.traceId);
    for (const form of [PASSWORD, Buffer.from(PASSWORD).toString("hex"), Buffer.from(PASSWORD).toString("base64")]) expect(everything).not.toContain(form);
  });

  it("answers 503 (never 500) while Redis does not answer, and the check itself still answers", async () => {
    const { traceId } = await second.requestLog.check(header(), { source: "sandbox", client: "down" });
    await redis.stop();
    for (let tries = 0; (await shared.reachable()) && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const page = await fetch(`${second.origin}${BASE_PATH}/sandbox/requests/${traceId}`);
    expect(page.status).toBe(503);
    const json = await fetch(`${second.origin}${BASE_PATH}/sandbox/requests/${traceId}`, { headers: { Accept: "application/json" } });
    expect(json.status).toBe(503);
    const answer = await fetch(`${second.origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml" }, body: header() });
    expect(answer.status).toBe(200);
    await redis.start();
    for (let tries = 0; !(await shared.reachable()) && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  }, 30_000);

  it("sees a replay across instances (the same Redis)", async () => {
    const xml = header();
    expect((await second.requestLog.check(xml, { source: "sandbox", client: "a" })).result.findings).toEqual([]);
    const third = requestLogOf({ sandbox, state: shared, logger });
    expect((await third.check(xml, { source: "sandbox", client: "b" })).result.findings.map((finding) => finding.code)).toEqual(["HEADER_REPLAYED"]);
  });
});
