// The sandbox as two stock SOAP clients read it, over real HTTP: PHP's SoapClient (Debian's php-cli +
// php-soap) and Python's zeep (Debian's python3-zeep, run by /usr/bin/python3), each made from the
// sandbox's own WSDL, each reading a success into its value and every Fault code (InvalidSecurity,
// FailedAuthentication, MessageExpired, VersionMismatch, Client, Server) and the 429 into a Fault
// whose code and detail the client exposes. Every answer the clients got is then validated against
// the WSDL's schema by libxml2's validator (lxml). A missing program skips the tests, naming it.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { createPublicKey } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { craftHeader } from "@areaoe/security-header/test-support/craft-header";
import { BASE_PATH } from "../../app/server-surface";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";
import { createVerificationPool, type VerificationPool } from "./verification-pool";

const HERE = path.join(import.meta.dirname, "stock-clients");
const PYTHON = "/usr/bin/python3";

function missingPrograms(): string | undefined {
  const php = spawnSync("php", ["-r", "echo class_exists('SoapClient') ? 'yes' : 'no';"], { encoding: "utf8" });
  if (php.error || php.status !== 0) return "php is not installed (Debian package php-cli): the stock SOAP client tests are skipped";
  if (php.stdout.trim() !== "yes") return "PHP has no SoapClient (Debian package php-soap): the stock SOAP client tests are skipped";
  const zeep = spawnSync(PYTHON, ["-c", "import zeep, lxml"], { encoding: "utf8" });
  if (zeep.error || zeep.status !== 0) return "/usr/bin/python3 cannot import zeep (Debian package python3-zeep): the stock SOAP client tests are skipped";
  return undefined;
}
const missing = missingPrograms();
if (missing) console.warn(missing);

interface Case {
  name: string;
  security: string;
  headers?: Record<string, string>;
  location?: string;
  mutation?: "soap12-envelope";
}

interface Finding {
  code: string;
  catalogue?: string;
}

interface ClientResult {
  name: string;
  value?: Record<string, unknown>;
  fault?: { faultcode: string; faultstring: string; detail: unknown };
  status?: number;
  response?: string;
}

/** The Security element of a case: the sandbox's current key unless said otherwise, the clock now. */
function securityOf(sandbox: HeaderSandbox, craft: Parameters<typeof craftHeader>[0] extends infer C ? Partial<C> : never = {}): string {
  const pem = sandbox.keys().find((key) => key.status === "current")?.certificatePem ?? "";
  return craftHeader({ publicKey: createPublicKey(pem), created: new Date().toISOString(), ...craft }).trim();
}

/** The findings of a Fault's detail, as each client exposes them (PHP: objects; zeep: the detail element, read by the script). */
function findingsOf(result: ClientResult): Finding[] {
  const detail = result.fault?.detail as Record<string, unknown> | null | undefined;
  if (!detail) return [];
  if (Array.isArray(detail.findings)) return detail.findings as Finding[];
  // PHP: detail → SecurityHeaderFindings → Finding (one, or a list), each read by its xsi:type into a
  // SoapVar whose enc_value has the attributes as properties and the text as `_`.
  const findings = (detail.SecurityHeaderFindings as Record<string, unknown> | undefined)?.Finding;
  const list = Array.isArray(findings) ? findings : findings ? [findings] : [];
  return list.map((finding) => ((finding as { enc_value?: Finding }).enc_value ?? finding) as Finding);
}

/** Runs a client while this process's test server answers it (never spawnSync: it would stop the server). */
async function run(command: string, args: string[]): Promise<string> {
  try {
    return (await promisify(execFile)(command, args, { encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    throw new Error(`${command} ${args[0]} failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
  }
}

describe.skipIf(Boolean(missing))("stock SOAP clients read every answer of the sandbox", () => {
  let dir: string;
  let sandbox: HeaderSandbox;
  let pool: VerificationPool;
  let app: Awaited<ReturnType<typeof startSandboxApp>>;
  let off: Awaited<ReturnType<typeof startSandboxApp>>;
  let key: string;
  let wsdlUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "areaoe-stock-clients-"));
    pool = createVerificationPool({ limits: { workers: 1, queue: 64, taskTimeoutMs: 30_000 } });
    sandbox = await loadHeaderSandbox(dir, path.join(dir, "key"), { bits: 2048, pool });
    app = await startSandboxApp(sandbox, { mount: BASE_PATH, quotas: { sandboxPerMinute: 5 } });
    // A sandbox that cannot check (its runtime failed the start-time probe): a Server fault.
    const switchedOff = await loadHeaderSandbox(dir, path.join(dir, "key"), { bits: 2048, pool, probe: () => ({ ok: false, reason: "a test's sandbox, switched off" }) });
    off = await startSandboxApp(switchedOff, { mount: BASE_PATH });
    const made = await app.apiKeys.create("stock-client-owner", "php and zeep", false);
    if (!("key" in made)) throw new Error("no key made");
    key = made.key;
    wsdlUrl = `${app.origin}${BASE_PATH}/sandbox/soap?wsdl`;
    // Spend the quota of one address, so that its next request is the 429.
    for (let n = 0; n < 5; n += 1) {
      const spent = await fetch(`${app.origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "content-type": "text/xml", "x-forwarded-for": "203.0.113.250" }, body: "<spent/>" });
      await spent.body?.cancel();
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await off?.close();
    await pool?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Every case, with fresh headers for each client (a header is valid for one minute, and used once). */
  const cases = (client: string): Case[] => {
    const address = (n: number) => ({ "X-Forwarded-For": `198.51.100.${n}`, "Accept-Language": "en" });
    return [
      { name: "success", security: securityOf(sandbox), headers: address(1) },
      { name: "success with a key", security: securityOf(sandbox), headers: { Authorization: `Bearer ${key}`, "Accept-Language": "en" } },
      { name: "InvalidSecurity", security: securityOf(sandbox, { namespace: "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd", prefix: "wsse" }), headers: address(2) },
      { name: "FailedAuthentication", security: securityOf(sandbox, { digestParts: ({ sessionKey, created, password }) => [created, sessionKey, password] }), headers: address(3) },
      { name: "MessageExpired", security: securityOf(sandbox, { created: new Date(Date.now() - 10 * 60_000).toISOString() }), headers: address(4) },
      { name: "VersionMismatch", security: securityOf(sandbox), headers: address(5), mutation: "soap12-envelope" },
      { name: "Client", security: securityOf(sandbox), headers: { ...address(6), "X-Areaoe-As-Of": "1999-01-01" } },
      { name: "Client 401", security: securityOf(sandbox), headers: { ...address(7), Authorization: `Bearer aoe_sbx_${client.padEnd(43, "x")}` } },
      { name: "Server", security: securityOf(sandbox), headers: address(8), location: `${off.origin}${BASE_PATH}/sandbox/soap` },
      { name: "429", security: securityOf(sandbox), headers: { "X-Forwarded-For": "203.0.113.250", "Accept-Language": "en" } },
    ];
  };

  const runClient = async (client: "php" | "zeep"): Promise<ClientResult[]> => {
    const file = path.join(dir, `${client}-cases.json`);
    writeFileSync(file, JSON.stringify(cases(client)));
    const output = client === "php" ? await run("php", [path.join(HERE, "php-soap-client.php"), wsdlUrl, file]) : await run(PYTHON, [path.join(HERE, "zeep_client.py"), wsdlUrl, file]);
    return JSON.parse(output) as ClientResult[];
  };

  const expectAnswers = (results: ClientResult[]) => {
    const byName = new Map(results.map((result) => [result.name, result]));
    const success = byName.get("success");
    expect(success?.fault, JSON.stringify(success?.fault)).toBeUndefined();
    expect(success?.value).toMatchObject({ Username: "123456789/1", Form: "digest" });
    const trace = success?.value?.Trace as Record<string, string> | undefined;
    expect(trace?.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(trace?.address).toContain(`/sandbox/requests/${trace?.id}`);
    expect(byName.get("success with a key")?.value).toMatchObject({ Username: "123456789/1" });
    const faults: Array<[string, string, string]> = [
      ["InvalidSecurity", "wsse:InvalidSecurity", "WRONG_NAMESPACE"],
      ["FailedAuthentication", "wsse:FailedAuthentication", "DIGEST_MISMATCH"],
      ["MessageExpired", "wsse:MessageExpired", "EXPIRED"],
      ["VersionMismatch", "soapenv:VersionMismatch", "SOAP_VERSION_MISMATCH"],
      ["Client", "soapenv:Client", "AS_OF_INVALID"],
      ["Client 401", "soapenv:Client", "SANDBOX_KEY_UNKNOWN"],
      ["Server", "soapenv:Server", "SANDBOX_SWITCHED_OFF"],
      ["429", "soapenv:Client", "RATE_LIMITED"],
    ];
    for (const [name, faultcode, code] of faults) {
      const result = byName.get(name);
      expect(result?.fault, `${name}: ${JSON.stringify(result)}`).toBeDefined();
      // PHP drops the prefix of a faultcode it knows (the SOAP envelope's), zeep keeps the text as sent.
      expect(result?.fault?.faultcode.replace(/^SOAP-ENV:/, "soapenv:"), name).toMatch(new RegExp(`(^|:)${faultcode.split(":")[1]}$`));
      expect(result?.fault?.faultstring, name).not.toBe("");
      const findings = findingsOf(result as ClientResult);
      expect(findings.map((finding) => finding.code), name).toContain(code);
      expect(findings.find((finding) => finding.code === code)?.catalogue, name).toMatch(new RegExp(`/securityHeader/faults\\?lang=en#${code}$`));
    }
  };

  it("PHP's SoapClient: the success value and every Fault with its code and detail, none an 'External reference' error", async () => {
    const results = await runClient("php");
    expectAnswers(results);
    expect(results.find((result) => result.name === "429")?.status).toBe(429);
    // The answers PHP read, each valid against the sandbox's WSDL (libxml2's XML Schema validator).
    const answers = results.map((result) => result.response ?? "");
    // Two answers the validator must refuse (it is no rubber stamp): a Finding with an `href`, and a success without its Username.
    const faultAnswer = results.find((result) => result.name === "InvalidSecurity")?.response ?? "";
    const successAnswer = results.find((result) => result.name === "success")?.response ?? "";
    const broken = [faultAnswer.replace(" catalogue=", " href="), successAnswer.replace(/<sandbox:Username>[^<]*<\/sandbox:Username>/, "")];
    const wsdlFile = path.join(dir, "sandbox.wsdl");
    const answersFile = path.join(dir, "answers.json");
    writeFileSync(answersFile, JSON.stringify([...answers, ...broken]));
    writeFileSync(wsdlFile, await (await fetch(wsdlUrl)).text());
    const validity = JSON.parse(await run(PYTHON, [path.join(HERE, "validate_answers.py"), wsdlFile, answersFile])) as Array<{ valid: boolean; errors: string[] }>;
    expect(validity.slice(0, answers.length).map((each, index) => ({ name: results[index]?.name, ...each }))).toEqual(results.map((result) => ({ name: result.name, valid: true, errors: [] })));
    expect(validity.slice(answers.length).map((each) => each.valid)).toEqual([false, false]);
  }, 120_000);

  it("zeep: the success value and every Fault with its code and detail", async () => {
    expectAnswers(await runClient("zeep"));
  }, 120_000);
});
