// @vitest-environment jsdom
// The request log over real HTTP: every sandbox request gets a trace id (response header, Fault detail
// or success response), its decoded trace opens from the id alone as HTML (pt, en) or JSON, for every
// finding code, unless it was made with an integrator's key (then only with that key); unknown,
// expired and replaced ids are 404s that say which; nothing is cached or indexed; the password is never
// in the store or the logs, and a trace id never in the logs; a header sent twice gets HEADER_REPLAYED
// (a Fault in strict mode); a client keeps at most its bytes of traces; the key rotation is driven by a
// clock the test controls, and an "as of" date judges the keys without moving it.
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
import { keyOwner, newTraceId, requestLog as requestLogOf, TRACE_ID_HEADER, TRACE_TTL_SECONDS, traceDigest, traceIdTime, type RequestLog, type RequestTrace } from "./request-log";
import type { SandboxApiKeys } from "./sandbox-api-keys";
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
let apiKeys: SandboxApiKeys;
let close: () => Promise<void>;

beforeAll(async () => {
  sandbox = await loadHeaderSandbox(dir, dir, { bits: 2048, now: () => clock });
  const app = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 100_000, state, logger });
  origin = app.origin;
  requestLog = app.requestLog;
  apiKeys = app.apiKeys;
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

async function post(xml: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; traceId: string }> {
  const response = await fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", ...headers }, body: xml });
  return { status: response.status, text: await response.text(), traceId: response.headers.get(TRACE_ID_HEADER) ?? "" };
}

type TraceAnswer = Omit<RequestTrace, "findings"> & { findings: Array<{ code: string; severity: string; catalogue: string }> };

async function traceJson(id: string, headers: Record<string, string> = {}): Promise<TraceAnswer> {
  const response = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { Accept: "application/json", ...headers } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as never;
}

const codesOf = (trace: { findings: ReadonlyArray<{ code: string }> }) => trace.findings.map((finding) => finding.code);

describe("trace ids", () => {
  it("an accepted header: the id in the response header and in the response, its time and 144 random bits, the trace by id", async () => {
    const before = Date.now();
    const answer = await post(header());
    expect(answer.status).toBe(200);
    expect(answer.traceId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(answer.traceId, "base64url")).toHaveLength(24);
    expect(traceIdTime(answer.traceId)).toBeGreaterThanOrEqual(before);
    expect(traceIdTime(answer.traceId)).toBeLessThanOrEqual(Date.now());
    const doc = new DOMParser().parseFromString(answer.text, "application/xml");
    const trace = doc.getElementsByTagNameNS("urn:areaoe:sandbox:security-header", "Trace")[0];
    expect(trace?.getAttribute("id")).toBe(answer.traceId);
    // No `href` anywhere (PHP's SoapClient would take it for a SOAP-encoding reference): `address`, in the answer's language.
    expect(trace?.hasAttribute("href")).toBe(false);
    expect(trace?.getAttribute("address")).toBe(`${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}?lang=pt`);
    const kept = await traceJson(answer.traceId);
    expect(kept).toMatchObject({ version: 2, id: answer.traceId, source: "sandbox", ok: true, form: "digest", username: "123456789/1", apiKey: null, asOf: null, strict: false });
    expect(kept.keyId).toBe(sandbox.keys().find((key) => key.status === "current")?.id);
    expect(kept.trace?.steps.map((step) => step.step)).toEqual(["input", "xml", "soap", "elements", "form", "nonce", "password", "created", "digest", "clock"]);
  });

  it("a refused header: the id in the Fault's detail too", async () => {
    const answer = await post(header({ username: "12345/1" }));
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(`<sandbox:Trace xsi:type="sandbox:TraceReference" id="${answer.traceId}" address="${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}?lang=pt"/>`);
    expect(answer.text).not.toContain(" href=");
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
  const viaChecker = (xml: () => string, password: string) => async () => (await requestLog.check(xml(), { source: "checker", client: { id: "checker-client" }, password })).traceId;
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
    expect(finding?.catalogue).toBe(`${origin}${pageHref("security-header-faults")}?lang=pt#${code}`);
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
    // Each step, in order, with what to compare: lengths, parts and outcomes (never Ks nor a Digest).
    const headings = [...doc.querySelectorAll("main ol h3")].map((h) => h.textContent);
    expect(headings).toEqual([
      "O tamanho do pedido", "A leitura do XML", "O envelope SOAP e os seus namespaces", "Os elementos encontrados", "A forma do cabeçalho",
      "O Nonce e a chave a que corresponde", "A Password", "Created", "O Digest", "O relógio do servidor",
    ]);
    const json = await traceJson(traceId);
    const nonce = json.trace?.steps.find((step) => step.step === "nonce");
    const digest = json.trace?.steps.find((step) => step.step === "digest");
    expect(nonce).toMatchObject({ sessionKeyBytes: 16 });
    expect(nonce).not.toHaveProperty("sessionKeyHex");
    expect(digest).toMatchObject({ matches: true, receivedDecrypts: true, receivedSha1Bytes: 20 });
    for (const absent of ["expectedDigestBase64", "expectedSha1Hex", "receivedSha1Hex", "hashedHex", "sessionKeyHex"]) expect(digest).not.toHaveProperty(absent);
    expect(html).toContain(nonce && "key" in nonce ? (nonce.key?.fingerprintSha256 ?? "") : "missing");
    // The parts hashed, with their offsets, as a table.
    expect([...doc.querySelectorAll("main table caption")].map((caption) => caption.textContent)).toContain("Bytes sobre os quais se calcula o hash, parte a parte (Ks ‖ Created ‖ senha)");
    const en = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${traceId}`, { headers: { "Accept-Language": "en" } });
    expect(new DOMParser().parseFromString(await en.text(), "text/html").querySelector("h1")?.textContent).toBe("Trace of a security header check");
  });

  it("names the Nonce's RSA padding and the Password's AES mode in words, the authority's and the mistakes", async () => {
    const factsOf = async (traceId: string, lang: string) => {
      const page = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${traceId}`, { headers: { "Accept-Language": lang } });
      const doc = new DOMParser().parseFromString(await page.text(), "text/html");
      return new Map([...doc.querySelectorAll("main ol dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    };
    const right = await factsOf((await post(header())).traceId, "pt");
    expect(right.get("Padding RSA com que se decifrou")).toBe("PKCS#1 v1.5 (o da AT) (pkcs1)");
    expect(right.get("Modo AES em que se decifrou")).toBe("AES-128 em modo ECB, padding PKCS#5 (o da AT) (ecb)");
    const wrong = await factsOf((await post(header({ noncePadding: "oaep-sha1", aesMode: "cbc-zero-iv" }))).traceId, "en");
    expect(wrong.get("RSA padding it decrypted with")).toBe("RSA-OAEP with SHA-1 (a mistake: use PKCS#1 v1.5) (oaep-sha1)");
    expect(wrong.get("AES mode it decrypted in")).toBe("AES-128 in CBC mode with a zero IV (a mistake: use ECB) (cbc-zero-iv)");
  });

  it.each([
    ["an id made in the future", newTraceId(Date.now() + 86_400_000)],
    ["an id of the old form", "A".repeat(24)],
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
    const checked = await requestLog.check(header(), { source: "checker", client: { id: "password-client" }, password: PASSWORD });
    expect(checked.result.ok).toBe(true);
    const refused = await requestLog.check(header(), { source: "checker", client: { id: "password-client" }, password: `${PASSWORD}-other` });
    expect(codesOf(refused.result)).toContain("PASSWORD_MISMATCH");
    const digestWrong = await post(header({ digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from(PASSWORD, "latin1")] }));
    const stored = state.recordValues("sandbox-trace").join("\n");
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

describe("the store's bounds, in bytes", () => {
  it("keeps at most its bytes per client: the client's oldest are replaced (and said so), other clients keep theirs; an old id is expired", async () => {
    // A log of its own with small bounds: 8 KB a client (about ten traces of a request that is not XML).
    const small = requestLogOf({ sandbox, state: memorySharedState(), logger, bounds: { ttlSeconds: TRACE_TTL_SECONDS, maxRecordBytes: 16 * 1024 + 512, maxBytesPerOwner: 8 * 1024, maxBytesInAll: 64 * 1024 } });
    const other = await small.check("<x", { source: "checker", client: { id: "another-client" } });
    const ids: string[] = [];
    for (let index = 0; index < 40; index += 1) ids.push((await small.check("<x", { source: "checker", client: { id: "busy-client" } })).traceId);
    const statuses = await Promise.all(ids.map(async (id) => (await small.read(id)).status));
    expect(statuses.slice(0, 5)).toEqual(["replaced", "replaced", "replaced", "replaced", "replaced"]);
    expect(statuses.at(-1)).toBe("found");
    expect(statuses.filter((status) => status === "found").length).toBeLessThanOrEqual(8 * 1024 / 500);
    expect((await small.read(other.traceId)).status).toBe("found");
    expect((await small.read(newTraceId(Date.now() - (TRACE_TTL_SECONDS + 60) * 1_000))).status).toBe("expired");
    expect((await small.read(newTraceId(Date.now() + 3_600_000))).status).toBe("unknown");
  });

  it("the 404 page says a replaced trace was replaced (and by what bounds), an old one that it is older than 24 hours", async () => {
    const replaced = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${newTraceId()}?lang=en`);
    expect(replaced.status).toBe(404);
    const doc = new DOMParser().parseFromString(await replaced.text(), "text/html");
    expect(doc.querySelector("h1")?.textContent).toBe("This trace was replaced by newer ones");
    expect(doc.querySelector("main")?.textContent).toContain("1,024 KB");
    // The visitor chose English by the address: the page's links keep it (a client without cookies).
    expect(doc.querySelector("main a")?.getAttribute("href")).toMatch(/\?lang=en$/);
    const json = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${newTraceId()}`, { headers: { Accept: "application/json" } });
    expect(await json.json()).toMatchObject({ error: "replaced" });
    const old = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${newTraceId(Date.now() - 2 * DAY)}`, { headers: { "Accept-Language": "en" } });
    expect(new DOMParser().parseFromString(await old.text(), "text/html").querySelector("h1")?.textContent).toBe("This trace is older than 24 hours");
  });
});

describe("an integrator's key: its traces are its own", () => {
  it("a trace made with a key opens only with that key; another key, no key, or another address get the 404 of an unknown id; the key lists its own", async () => {
    const mine = await apiKeys.create("owner-a", "CI", false);
    const theirs = await apiKeys.create("owner-b", "laptop", false);
    if (!("key" in mine) || !("key" in theirs)) throw new Error("no key made");
    const answer = await post(header(), { Authorization: `Bearer ${mine.key}` });
    expect(answer.status).toBe(200);
    const anonymous = await post(header(), { "X-Forwarded-For": "203.0.113.50" });
    const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
    expect((await traceJson(answer.traceId, bearer(mine.key))).apiKey).toBe(mine.record.id);
    for (const headers of [{}, bearer(theirs.key), { "X-Forwarded-For": "203.0.113.50" }] as Record<string, string>[]) {
      const refused = await fetch(`${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}`, { headers: { Accept: "application/json", ...headers } });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ error: "not-found" });
    }
    // An anonymous trace still opens by its id alone.
    expect((await traceJson(anonymous.traceId)).apiKey).toBeNull();
    // The key's own list (JSON): its request, newest first; another key's list does not have it.
    const list = async (key: string, query = "") => (await (await fetch(`${origin}${BASE_PATH}/sandbox/requests${query}`, { headers: bearer(key) })).json()) as { total: number; requests: Array<{ id: string; verdict: string; address: string }> };
    const own = await list(mine.key);
    expect(own.requests.map((request) => request.id)).toEqual([answer.traceId]);
    expect(own.requests[0]).toMatchObject({ verdict: "accepted", address: `${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}` });
    expect((await list(theirs.key)).total).toBe(0);
    expect((await list(mine.key, "?verdict=refused")).total).toBe(0);
    expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests`)).status).toBe(401);
    expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests?verdict=maybe`, { headers: bearer(mine.key) })).status).toBe(400);
    // A revoked key is refused (401 Fault) and opens nothing any more.
    await apiKeys.revoke("owner-a", mine.record.id);
    const revoked = await post(header(), bearer(mine.key));
    expect(revoked.status).toBe(401);
    expect(revoked.text).toContain('code="SANDBOX_KEY_UNKNOWN"');
    expect((await fetch(`${origin}${BASE_PATH}/sandbox/requests/${answer.traceId}`, { headers: bearer(mine.key) })).status).toBe(404);
    expect(keyOwner(mine.record.id)).toBe(`key:${mine.record.id}`);
  });
});

describe("strict mode and the date the keys are judged by", () => {
  it("strict (header or key setting): a replay answers a Fault; without it, 200 with the warning", async () => {
    const xml = header();
    expect((await post(xml)).status).toBe(200);
    const strict = await post(xml, { "X-Areaoe-Strict": "1" });
    expect(strict.status).toBe(500);
    expect(strict.text).toContain("<faultcode xmlns:wsse=");
    expect(strict.text).toContain("wsse:InvalidSecurity");
    expect(strict.text).toContain('<sandbox:Finding xsi:type="sandbox:Note" code="HEADER_REPLAYED"');
    expect(await traceJson(strict.traceId)).toMatchObject({ strict: true, ok: false });
    const made = await apiKeys.create("owner-strict", "strict suite", true);
    if (!("key" in made)) throw new Error("no key made");
    const again = await post(xml, { Authorization: `Bearer ${made.key}` });
    expect(again.status).toBe(500);
    expect(again.text).toContain('code="HEADER_REPLAYED"');
  });

  it("X-Areaoe-As-Of judges the keys as of that date (the header's age by the clock); out of the published span: AS_OF_INVALID", async () => {
    const next = sandbox.keys().find((key) => key.status === "next");
    const current = sandbox.keys().find((key) => key.status === "current");
    if (!next || !current) throw new Error("no keys");
    // As of a day after the current key expires, it is the retired key: a header made for it is refused.
    const later = new Date(current.validUntil.getTime() + DAY).toISOString().slice(0, 10);
    const refused = await post(header(), { "X-Areaoe-As-Of": later });
    expect(refused.text).toContain('code="NONCE_RETIRED_KEY"');
    expect((await traceJson(refused.traceId)).asOf).toBe(`${later}T00:00:00.000Z`);
    expect((await post(header({ certificatePem: next.certificatePem }), { "X-Areaoe-As-Of": later })).status).toBe(200);
    // Today, the same header passes: the date moved nothing.
    expect((await post(header())).status).toBe(200);
    for (const value of ["2020-01-01", "tomorrow", new Date(next.validUntil.getTime() + DAY).toISOString()]) {
      const bad = await post(header(), { "X-Areaoe-As-Of": value, "Accept-Language": "en" });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('code="AS_OF_INVALID"');
      expect(bad.text).toContain(`param:until="${next.validUntil.toISOString()}"`);
    }
  });
});

describe("the logs", () => {
  it("never hold a trace id: a short digest of it names it", async () => {
    const { traceId } = await post(header({ username: "12345/1" }));
    await fetch(`${origin}${BASE_PATH}/sandbox/requests/${traceId}`);
    const log = lines.join("\n");
    expect(log).not.toContain(traceId);
    expect(log).toContain(traceDigest(traceId));
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
    const checked = await second.requestLog.check(header(), { source: "checker", client: { id: "redis-client" }, password: PASSWORD });
    expect(checked.kept).toBe(true);
    const response = await fetch(`${second.origin}${BASE_PATH}/sandbox/requests/${checked.traceId}`, { headers: { Accept: "application/json" } });
    expect(((await response.json()) as RequestTrace).id).toBe(checked.traceId);
    const ttl = Number(redis.cli("TTL", `trace-test:sandbox-trace:r:${checked.traceId}`));
    expect(ttl).toBeGreaterThan(86_000);
    expect(ttl).toBeLessThanOrEqual(86_400);
    const keys = redis.cli("--scan", "--pattern", "trace-test:*").split("\n").filter(Boolean);
    const read = (key: string) => {
      const type = redis.cli("TYPE", key);
      return type === "string" ? redis.cli("GET", key) : type === "zset" ? redis.cli("ZRANGE", key, "0", "-1") : type === "hash" ? redis.cli("HGETALL", key) : "";
    };
    const everything = keys.map(read).join("\n");
    for (const key of keys) expect(Number(redis.cli("TTL", key)), key).toBeGreaterThan(0);
    expect(everything).toContain(checked.traceId);
    for (const form of [PASSWORD, Buffer.from(PASSWORD).toString("hex"), Buffer.from(PASSWORD).toString("base64")]) expect(everything).not.toContain(form);
  });

  it("answers 503 (never 500) while Redis does not answer, and the check itself still answers", async () => {
    const { traceId } = await second.requestLog.check(header(), { source: "sandbox", client: { id: "down" } });
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
    expect((await second.requestLog.check(xml, { source: "sandbox", client: { id: "a" } })).result.findings).toEqual([]);
    const third = requestLogOf({ sandbox, state: shared, logger });
    expect((await third.check(xml, { source: "sandbox", client: { id: "b" } })).result.findings.map((finding) => finding.code)).toEqual(["HEADER_REPLAYED"]);
  });
});
