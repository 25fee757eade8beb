// @vitest-environment jsdom
// (jsdom only for its namespace-aware XML DOMParser.)
// The SoapUI script (areaoe-security-header.groovy) run under the real `groovy`, through a harness that
// hands it stand-ins for SoapUI's objects; every field it produces is checked with the openssl CLI.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { verifySecurityHeader } from "../src/verify.js";
import {
  makeTempDir,
  opensslAesDecrypt,
  opensslDecryptNonce,
  opensslKeyPair,
  opensslSha1,
  type OpensslKeyPair,
} from "../src/test-support/openssl.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SCRIPT = join(HERE, "areaoe-security-header.groovy");
const HARNESS = join(HERE, "soapui-harness.groovy");
const WSS_NS = "http://schemas.xmlsoap.org/ws/2002/12/secext";
const SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const CREATED_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const USERNAME = "123456789/1";
// Non-ASCII on purpose (UTF-8 everywhere); "S3cret!" is searched for in everything the harness printed.
const ENV_PASSWORD = "pässwörd-€-ção S3cret!";
const PROPERTY_PASSWORD = "Pr0perty-only-pw";
// As FIXTURE_CERTIFICATE_PATH in ../src/test-support/openssl.ts, which under the jsdom environment Vite
// turns into an http: asset URL: <repo>/../shared/fixtures/, or AREAOE_AUTHORITY_CERT_FIXTURE.
const FIXTURE_PATH =
  process.env.AREAOE_AUTHORITY_CERT_FIXTURE ?? join(HERE, "../../../../shared/fixtures/authority-encryption-cert-2027.pem");

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const GROOVY = findOnPath("groovy");

/** Debian's groovy needs JAVA_HOME; as in .ci/run, take it from the java on PATH when it is unset. */
function javaHome(): string | undefined {
  if (process.env.JAVA_HOME) return process.env.JAVA_HOME;
  const java = findOnPath("java");
  return java ? dirname(dirname(realpathSync(java))) : undefined;
}

function skipWithoutGroovy(ctx: TestContext): void {
  ctx.skip(!GROOVY, "groovy is not on PATH (Debian: apt-get install groovy; .ci/run installs it)");
}

interface HarnessCase {
  name: string;
  entry: "filter" | "step" | "core";
  projectProperties: Record<string, string>;
  requestContent?: string;
  nowMillis?: number;
}

interface HarnessResult {
  name: string;
  error: string | null;
  header?: string;
  contextProperties: Record<string, string>;
  log: { level: string; message: string }[];
}

interface HarnessRun {
  results: Map<string, HarnessResult>;
  output: string;
  startedAt: number;
  endedAt: number;
}

const temp = makeTempDir("soapui-script-");
let keyPair: OpensslKeyPair;
let certificatePath: string;
let withEnvPassword: HarnessRun;
let withoutEnvPassword: HarnessRun;

async function runHarness(label: string, cases: HarnessCase[], password: string | undefined): Promise<HarnessRun> {
  const casesPath = join(temp.dir, `${label}.json`);
  writeFileSync(casesPath, JSON.stringify(cases));
  // C1-only JIT and the serial collector: a short run, about 40% less CPU on a 2-core machine
  const javaOpts = `${process.env.JAVA_OPTS ?? ""} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC`.trim();
  const env: NodeJS.ProcessEnv = { ...process.env, JAVA_HOME: javaHome(), JAVA_OPTS: javaOpts };
  delete env.AREAOE_PASSWORD;
  if (password !== undefined) env.AREAOE_PASSWORD = password;
  const startedAt = Date.now();
  const run = await promisify(execFile)(GROOVY ?? "groovy", [HARNESS, SCRIPT, casesPath], {
    env,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const endedAt = Date.now();
  const results = JSON.parse(run.stdout) as HarnessResult[];
  return { results: new Map(results.map((r) => [r.name, r])), output: run.stdout + run.stderr, startedAt, endedAt };
}

function result(run: HarnessRun, name: string): HarnessResult {
  const found = run.results.get(name);
  if (!found) throw new Error(`no harness result named ${name}`);
  return found;
}

const ENVELOPE_WITH_OLD_HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="${SOAP11_NS}" xmlns:x="urn:example">
  <soapenv:Header><x:Trace>keep me</x:Trace><wss:Security xmlns:wss="${WSS_NS}"><wss:UsernameToken><wss:Username>999999999/9</wss:Username></wss:UsernameToken></wss:Security><other:Security xmlns:other="${WSS_NS}">stale</other:Security></soapenv:Header>
  <soapenv:Body><x:Ping>1</x:Ping></soapenv:Body>
</soapenv:Envelope>`;
const ENVELOPE_WITHOUT_HEADER = `<soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body><Ping xmlns="urn:example"/></soap:Body></soap:Envelope>`;
const ENVELOPE_WITH_DTD = `<?xml version="1.0"?><!DOCTYPE e [<!ENTITY boom "expanded">]><soapenv:Envelope xmlns:soapenv="${SOAP11_NS}"><soapenv:Body>&boom;</soapenv:Body></soapenv:Envelope>`;

beforeAll(async () => {
  if (!GROOVY) return;
  keyPair = opensslKeyPair(temp.dir, 4096);
  certificatePath = join(temp.dir, "cert-4096.pem");
  const project = (extra: Record<string, string> = {}) => ({
    "areaoe.username": USERNAME,
    "areaoe.certificate": certificatePath,
    ...extra,
  });
  const cases: HarnessCase[] = [
    { name: "digest", entry: "filter", projectProperties: project(), requestContent: ENVELOPE_WITH_OLD_HEADER },
    { name: "digest-again", entry: "filter", projectProperties: project(), requestContent: ENVELOPE_WITH_OLD_HEADER },
    {
      name: "encrypted-created",
      entry: "filter",
      projectProperties: project({ "areaoe.form": "encrypted-created" }),
      requestContent: ENVELOPE_WITHOUT_HEADER,
    },
    { name: "step", entry: "step", projectProperties: project() },
    { name: "core", entry: "core", projectProperties: project(), nowMillis: Date.UTC(2027, 0, 31, 23, 59, 58, 7) },
    {
      name: "property-password",
      entry: "filter",
      projectProperties: project({ "areaoe.password": PROPERTY_PASSWORD }),
      requestContent: ENVELOPE_WITHOUT_HEADER,
    },
    { name: "no-username", entry: "filter", projectProperties: { "areaoe.certificate": certificatePath }, requestContent: ENVELOPE_WITHOUT_HEADER },
    { name: "bad-username", entry: "filter", projectProperties: project({ "areaoe.username": "12345/1" }), requestContent: ENVELOPE_WITHOUT_HEADER },
    { name: "no-certificate", entry: "filter", projectProperties: { "areaoe.username": USERNAME }, requestContent: ENVELOPE_WITHOUT_HEADER },
    {
      name: "missing-certificate-file",
      entry: "filter",
      projectProperties: project({ "areaoe.certificate": join(temp.dir, "absent.pem") }),
      requestContent: ENVELOPE_WITHOUT_HEADER,
    },
    { name: "bad-form", entry: "filter", projectProperties: project({ "areaoe.form": "mixed" }), requestContent: ENVELOPE_WITHOUT_HEADER },
    { name: "not-xml", entry: "filter", projectProperties: project(), requestContent: '{"ping": 1}' },
    { name: "dtd", entry: "filter", projectProperties: project(), requestContent: ENVELOPE_WITH_DTD },
  ];
  if (existsSync(FIXTURE_PATH)) {
    cases.push({
      name: "authority-certificate",
      entry: "filter",
      projectProperties: project({ "areaoe.certificate": FIXTURE_PATH }),
      requestContent: ENVELOPE_WITHOUT_HEADER,
    });
  }
  // Two JVMs because the script reads AREAOE_PASSWORD from its process, as in SoapUI; run side by side
  [withEnvPassword, withoutEnvPassword] = await Promise.all([
    runHarness("with-env-password", cases, ENV_PASSWORD),
    runHarness(
      "without-env-password",
      [{ name: "no-password", entry: "filter", projectProperties: project(), requestContent: ENVELOPE_WITHOUT_HEADER }],
      undefined,
    ),
  ]);
}, 120_000);
afterAll(() => temp.cleanup());

/** A namespace-aware parse of the script's output; fails the test when it is not well-formed. */
function parseXml(xml: string): Document {
  const parsed = new DOMParser().parseFromString(xml, "application/xml");
  expect(parsed.getElementsByTagName("parsererror")).toHaveLength(0);
  return parsed;
}

interface HeaderFields {
  security: Element;
  username: string;
  password: string;
  digest: string | null;
  nonce: string;
  created: string;
}

/** The single wss:Security of a document, its namespace and its element layout checked. */
function headerFields(doc: Document): HeaderFields {
  const securities = doc.getElementsByTagNameNS(WSS_NS, "Security");
  expect(securities).toHaveLength(1);
  const security = securities[0]!;
  expect(security.prefix).toBe("wss");
  expect(security.getAttribute("xmlns:wss")).toBe(WSS_NS);
  const token = security.children[0]!;
  expect([...security.children].map((e) => e.localName)).toEqual(["UsernameToken"]);
  expect([...token.children].map((e) => `${e.namespaceURI} ${e.prefix}:${e.localName}`)).toEqual(
    ["Username", "Password", "Nonce", "Created"].map((name) => `${WSS_NS} wss:${name}`),
  );
  const [username, password, nonce, created] = [...token.children];
  return {
    security,
    username: username!.textContent ?? "",
    password: password!.textContent ?? "",
    digest: password!.getAttribute("Digest"),
    nonce: nonce!.textContent ?? "",
    created: created!.textContent ?? "",
  };
}

/** The soapenv:Header's element children, in order. */
function soapHeaderChildren(doc: Document): Element[] {
  const headers = doc.getElementsByTagNameNS(SOAP11_NS, "Header");
  expect(headers).toHaveLength(1);
  return [...headers[0]!.children];
}

/**
 * Decrypts every field with openssl alone and checks the form's rules; returns the session key (hex) and
 * the clear Created.
 */
function checkWithOpenssl(
  fields: HeaderFields,
  form: "digest" | "encrypted-created",
  password: string,
  run: HarnessRun,
): { sessionKeyHex: string; created: string } {
  expect(fields.username).toBe(USERNAME);
  const sessionKey = opensslDecryptNonce(keyPair, fields.nonce);
  expect(sessionKey).toHaveLength(16);
  const sessionKeyHex = sessionKey.toString("hex");
  expect(opensslAesDecrypt(sessionKeyHex, fields.password).toString("utf8")).toBe(password);

  let created: string;
  if (form === "digest") {
    created = fields.created;
    expect(fields.digest).not.toBeNull();
    const digestInput = Buffer.concat([sessionKey, Buffer.from(created, "utf8"), Buffer.from(password, "utf8")]);
    expect(opensslAesDecrypt(sessionKeyHex, fields.digest ?? "").equals(opensslSha1(digestInput))).toBe(true);
  } else {
    expect(fields.digest).toBeNull();
    expect(fields.created).not.toMatch(CREATED_FORMAT);
    created = opensslAesDecrypt(sessionKeyHex, fields.created).toString("utf8");
  }
  expect(created).toMatch(CREATED_FORMAT);
  // Fresh: made during this harness run (to the millisecond, same machine clock)
  expect(Date.parse(created)).toBeGreaterThanOrEqual(run.startedAt);
  expect(Date.parse(created)).toBeLessThanOrEqual(run.endedAt);
  return { sessionKeyHex, created };
}

/** Envelopes made by the script, which the library's own verifier must accept too. */
const envelopesForLibraryVerifier: { xml: string; form: "digest" | "encrypted-created" }[] = [];

function requestContent(r: HarnessResult): string {
  expect(r.error).toBeNull();
  return r.contextProperties.requestContent ?? "";
}

describe("SoapUI script areaoe-security-header.groovy", () => {
  it("digest form (the default): every field decrypts with openssl, Digest matches, Created in clear", (ctx) => {
    skipWithoutGroovy(ctx);
    const xml = requestContent(result(withEnvPassword, "digest"));
    const fields = headerFields(parseXml(xml));
    const { created } = checkWithOpenssl(fields, "digest", ENV_PASSWORD, withEnvPassword);
    expect(fields.created).toBe(created);
    envelopesForLibraryVerifier.push({ xml, form: "digest" });
  });

  it("encrypted-created form: no Digest attribute, Created encrypted with the session key", (ctx) => {
    skipWithoutGroovy(ctx);
    const xml = requestContent(result(withEnvPassword, "encrypted-created"));
    checkWithOpenssl(headerFields(parseXml(xml)), "encrypted-created", ENV_PASSWORD, withEnvPassword);
    envelopesForLibraryVerifier.push({ xml, form: "encrypted-created" });
  });

  it("the library's verifier accepts the script's headers in both forms", (ctx) => {
    skipWithoutGroovy(ctx);
    expect(envelopesForLibraryVerifier.map((entry) => entry.form).sort()).toEqual(["digest", "encrypted-created"]);
    const privateKey = readFileSync(keyPair.privateKeyPath, "utf8");
    for (const entry of envelopesForLibraryVerifier) {
      const result = verifySecurityHeader(entry.xml, { privateKey, password: ENV_PASSWORD });
      expect(result.findings, entry.form).toEqual([]);
      expect(result).toMatchObject({ ok: true, form: entry.form, username: USERNAME });
    }
  });

  it("replaces every existing Security of the wss namespace and keeps the other header entries", (ctx) => {
    skipWithoutGroovy(ctx);
    const xml = requestContent(result(withEnvPassword, "digest"));
    const doc = parseXml(xml);
    const children = soapHeaderChildren(doc);
    expect(children.map((e) => e.localName)).toEqual(["Trace", "Security"]);
    expect(children[0]!.textContent).toBe("keep me");
    expect(xml).not.toContain("999999999/9");
    expect(xml).not.toContain("stale");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope')).toBe(true);
    expect(doc.getElementsByTagNameNS("urn:example", "Ping")[0]?.textContent).toBe("1");
  });

  it("creates the Header, with the envelope's own prefix, before the Body when there is none", (ctx) => {
    skipWithoutGroovy(ctx);
    const xml = requestContent(result(withEnvPassword, "encrypted-created"));
    const envelope = parseXml(xml).documentElement;
    expect([...envelope.children].map((e) => `${e.namespaceURI} ${e.prefix}:${e.localName}`)).toEqual([
      `${SOAP11_NS} soap:Header`,
      `${SOAP11_NS} soap:Body`,
    ]);
  });

  it("makes a new session key every time: two runs give different Nonces", (ctx) => {
    skipWithoutGroovy(ctx);
    const first = headerFields(parseXml(requestContent(result(withEnvPassword, "digest"))));
    const second = headerFields(parseXml(requestContent(result(withEnvPassword, "digest-again"))));
    expect(second.nonce).not.toBe(first.nonce);
    const keys = [first, second].map((f) => checkWithOpenssl(f, "digest", ENV_PASSWORD, withEnvPassword).sessionKeyHex);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("takes the password from the areaoe.password property before the environment variable", (ctx) => {
    skipWithoutGroovy(ctx);
    const fields = headerFields(parseXml(requestContent(result(withEnvPassword, "property-password"))));
    checkWithOpenssl(fields, "digest", PROPERTY_PASSWORD, withEnvPassword);
  });

  it("as a Groovy Script test step, leaves a fresh header in the context property areaoeSecurityHeader", (ctx) => {
    skipWithoutGroovy(ctx);
    const r = result(withEnvPassword, "step");
    expect(r.error).toBeNull();
    const header = r.contextProperties.areaoeSecurityHeader ?? "";
    expect(header.startsWith("<wss:Security")).toBe(true);
    checkWithOpenssl(headerFields(parseXml(header)), "digest", ENV_PASSWORD, withEnvPassword);
  });

  it("core function buildSecurityHeader: Created is the given time in UTC with milliseconds", (ctx) => {
    skipWithoutGroovy(ctx);
    const r = result(withEnvPassword, "core");
    expect(r.error).toBeNull();
    const fields = headerFields(parseXml(r.header ?? ""));
    expect(fields.created).toBe("2027-01-31T23:59:58.007Z");
    const sessionKey = opensslDecryptNonce(keyPair, fields.nonce);
    expect(opensslAesDecrypt(sessionKey.toString("hex"), fields.password).toString("utf8")).toBe(ENV_PASSWORD);
  });

  it.for([
    ["no-username", "areaoe.username is empty"],
    ["bad-username", "areaoe.username must be NIF/UserID"],
    ["no-certificate", "areaoe.certificate is empty"],
    ["missing-certificate-file", "areaoe.certificate: no such file"],
    ["bad-form", "areaoe.form must be 'digest' or 'encrypted-created', not 'mixed'"],
  ] as const)("%s: fails with an error naming the property, in the log and the exception", ([name, expected], ctx) => {
    skipWithoutGroovy(ctx);
    const r = result(withEnvPassword, name);
    expect(r.error).toContain(expected);
    expect(r.log.filter((entry) => entry.level === "error").map((entry) => entry.message).join("\n")).toContain(expected);
    expect(r.contextProperties.requestContent).toBe(ENVELOPE_WITHOUT_HEADER);
  });

  it("without any password: fails naming the environment variable and the property", (ctx) => {
    skipWithoutGroovy(ctx);
    const r = result(withoutEnvPassword, "no-password");
    expect(r.error).toContain("AREAOE_PASSWORD");
    expect(r.error).toContain("areaoe.password");
    expect(r.log.map((entry) => entry.level)).toEqual(["error"]);
  });

  it("leaves a request that is not XML unchanged, and one with a DTD unchanged with no entity expanded", (ctx) => {
    skipWithoutGroovy(ctx);
    for (const [name, content] of [["not-xml", '{"ping": 1}'], ["dtd", ENVELOPE_WITH_DTD]] as const) {
      const r = result(withEnvPassword, name);
      expect(r.error).toBeNull();
      expect(r.contextProperties.requestContent).toBe(content);
      expect(r.log.map((entry) => entry.level)).toEqual(["warn"]);
    }
  });

  it("never lets the password reach the log, an error or anything else the harness printed", (ctx) => {
    skipWithoutGroovy(ctx);
    for (const run of [withEnvPassword, withoutEnvPassword]) {
      for (const secret of [ENV_PASSWORD, "S3cret!", PROPERTY_PASSWORD]) {
        expect(run.output).not.toContain(secret);
        for (const r of run.results.values()) {
          expect(JSON.stringify(r.log)).not.toContain(secret);
          expect(r.error ?? "").not.toContain(secret);
        }
      }
    }
  });

  it("with the authority's real certificate: a well-formed header with a 512-byte Nonce", (ctx) => {
    skipWithoutGroovy(ctx);
    ctx.skip(!existsSync(FIXTURE_PATH), `${FIXTURE_PATH} is missing`);
    const fields = headerFields(parseXml(requestContent(result(withEnvPassword, "authority-certificate"))));
    expect(Buffer.from(fields.nonce, "base64")).toHaveLength(512);
    expect(fields.created).toMatch(CREATED_FORMAT);
    expect(fields.digest).not.toBeNull();
  });
});
