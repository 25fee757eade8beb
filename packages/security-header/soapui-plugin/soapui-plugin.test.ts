// The SoapUI 5.7.0 plugin: the header builder alone (checked with the openssl command line and with
// verifySecurityHeader), the committed jar (rebuilt from the sources byte for byte, and read with javap
// as SoapUI's class scanner would need it), and the jar loaded the way SoapUI loads plugins.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecurityHeader } from "../src/node.js";
import { makeTempDir, opensslAesDecrypt, opensslDecryptNonce, opensslKeyPair, opensslSha1, type OpensslKeyPair } from "../src/test-support/openssl.js";
import { BUILT_WITH_JAVAC, buildPluginJar, COMMITTED_JAR, compileStandIns, JAR, JAVAC, javacFeatureVersion } from "./build-plugin.js";
import { compileJavaDrivers, type JavaDrivers } from "./test-support/java-runs.js";

const javac = javacFeatureVersion();
if (javac === null) console.warn(`Skipping the SoapUI plugin tests: no JDK (${JAVAC} not found; Debian: default-jdk-headless)`);
const JAVAP = JAVAC.replace(/javac$/, "javap");
const USERNAME = "555555555/1";
const PASSWORD = "pässwörd-€-ção ${#Env#HOME}";
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function field(xml: string, name: string): string {
  const match = new RegExp(`<wss:${name}(?: [^>]*)?>([^<]*)</wss:${name}>`).exec(xml);
  if (!match?.[1]) throw new Error(`no wss:${name} in ${xml}`);
  return match[1];
}

function digestAttribute(xml: string): string | null {
  return /<wss:Password Digest="([^"]*)"/.exec(xml)?.[1] ?? null;
}

describe.skipIf(javac === null)("the SoapUI plugin", () => {
  const temp = makeTempDir("areaoe-soapui-plugin-");
  let pair: OpensslKeyPair;
  let certificate: string;
  let privateKeyPem: string;
  let drivers: JavaDrivers;

  beforeAll(() => {
    pair = opensslKeyPair(temp.dir, 2048);
    certificate = join(temp.dir, "certificate.pem");
    writeFileSync(certificate, pair.certificatePem);
    privateKeyPem = readFileSync(pair.privateKeyPath, "utf8");
    drivers = compileJavaDrivers(temp.dir, COMMITTED_JAR, compileStandIns(temp.dir));
  }, 120_000);
  afterAll(() => temp.cleanup());

  function writeRequest(name: string, text: string): string {
    const file = join(temp.dir, name);
    writeFileSync(file, text);
    return file;
  }

  describe("its header builder, alone", () => {
    it.each(["digest", "encrypted-created"])("makes the %s form, which openssl decrypts and verifySecurityHeader accepts", (form) => {
      const before = Date.now();
      const run = drivers.headerBuilder({ certificate, username: USERNAME, form, password: PASSWORD });
      expect(run.stderr).toBe("");
      const xml = run.stdout;
      expect(field(xml, "Username")).toBe(USERNAME);
      const sessionKey = opensslDecryptNonce(pair, field(xml, "Nonce"));
      expect(sessionKey).toHaveLength(16);
      const keyHex = sessionKey.toString("hex");
      expect(opensslAesDecrypt(keyHex, field(xml, "Password")).toString("utf8")).toBe(PASSWORD);
      let created: string;
      if (form === "digest") {
        created = field(xml, "Created");
        const digest = digestAttribute(xml);
        expect(digest).not.toBeNull();
        const expected = opensslSha1(Buffer.concat([sessionKey, Buffer.from(created, "utf8"), Buffer.from(PASSWORD, "utf8")]));
        expect(opensslAesDecrypt(keyHex, digest ?? "")).toEqual(expected);
      } else {
        expect(digestAttribute(xml)).toBeNull();
        created = opensslAesDecrypt(keyHex, field(xml, "Created")).toString("utf8");
      }
      expect(created).toMatch(CREATED);
      expect(Date.parse(created)).toBeGreaterThanOrEqual(before - 1000);

      const result = verifySecurityHeader(xml, { privateKey: privateKeyPem, password: PASSWORD });
      expect(result.findings).toEqual([]);
      expect(result).toMatchObject({ ok: true, form, username: USERNAME });
    }, 60_000);

    it("puts a fresh header into a SOAP 1.1 envelope, replacing the old one and keeping the rest", () => {
      const old = drivers.headerBuilder({ certificate, username: USERNAME, form: "digest", password: PASSWORD }).stdout;
      const envelopeFile = writeRequest("soap11.xml", `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:x="urn:x"><soapenv:Header><x:Other>kept</x:Other>${old}</soapenv:Header><soapenv:Body><x:Ping/></soapenv:Body></soapenv:Envelope>`);
      const run = drivers.headerBuilder({ certificate, username: USERNAME, form: "digest", password: PASSWORD, envelopeFile });
      const xml = run.stdout;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope')).toBe(true);
      expect(xml.match(/<wss:Security /g)).toHaveLength(1);
      expect(xml).not.toContain(field(old, "Nonce"));
      expect(xml).toContain("<x:Other>kept</x:Other>");
      expect(verifySecurityHeader(xml, { privateKey: privateKeyPem, password: PASSWORD })).toMatchObject({ ok: true, form: "digest" });
    }, 60_000);

    it("creates the Header of a SOAP 1.2 envelope that has none, with the envelope's prefix, before the Body", () => {
      const envelopeFile = writeRequest("soap12.xml", '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><Ping xmlns="urn:x"/></env:Body></env:Envelope>');
      const xml = drivers.headerBuilder({ certificate, username: USERNAME, form: "encrypted-created", password: PASSWORD, envelopeFile }).stdout;
      expect(xml).toMatch(/^<env:Envelope [^>]*><env:Header><wss:Security [^>]*>.*<\/wss:Security><\/env:Header><env:Body>/);
      const security = /<wss:Security .*<\/wss:Security>/.exec(xml)?.[0] ?? "";
      expect(verifySecurityHeader(security, { privateKey: privateKeyPem, password: PASSWORD })).toMatchObject({ ok: true, form: "encrypted-created" });
    }, 60_000);

    it.each([
      ["not a SOAP envelope", "<Ping/>"],
      ["not XML", "{\"json\": true}"],
      ["a DTD", '<!DOCTYPE x [<!ENTITY e "e">]><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>&e;</soapenv:Body></soapenv:Envelope>'],
    ])("leaves %s alone", (_name, text) => {
      const envelopeFile = writeRequest("other.xml", text);
      const run = drivers.headerBuilder({ certificate, username: USERNAME, form: "digest", password: PASSWORD, envelopeFile });
      expect(run.stdout).toBe("NOT-AN-ENVELOPE");
    }, 60_000);
  });

  describe("the committed jar", () => {
    const entries = () => execFileSync(JAR, ["--list", "--file", COMMITTED_JAR], { encoding: "utf8" }).trim().split("\n");
    const classNames = () => entries().filter((name) => name.endsWith(".class")).map((name) => name.slice(0, -6).replaceAll("/", "."));
    let javapOutput: Map<string, string> | undefined;
    /** `javap -v` of one class of the jar (one javap run for all of them). */
    const javap = (className: string): string => {
      if (!javapOutput) {
        const names = classNames();
        const text = execFileSync(JAVAP, ["-v", "-cp", COMMITTED_JAR, ...names], { encoding: "utf8" });
        const parts = text.split(/^(?=Classfile )/m).filter((part) => part.startsWith("Classfile "));
        expect(parts).toHaveLength(names.length);
        javapOutput = new Map(names.map((name, index) => [name, parts[index] ?? ""]));
      }
      return javapOutput.get(className) ?? "";
    };

    it.skipIf(javac !== BUILT_WITH_JAVAC)(`is what javac ${BUILT_WITH_JAVAC} makes of the sources, byte for byte`, () => {
      const rebuilt = join(temp.dir, "rebuilt.jar");
      buildPluginJar(rebuilt);
      const same = readFileSync(rebuilt).equals(readFileSync(COMMITTED_JAR));
      expect(same, "the committed jar is stale: run `npm run soapui-plugin -w @areaoe/security-header` and commit it").toBe(true);
    }, 120_000);
    if (javac !== null && javac !== BUILT_WITH_JAVAC) {
      console.warn(`Not comparing the rebuilt SoapUI plugin jar: javac ${javac} here, the committed jar is built with javac ${BUILT_WITH_JAVAC}`);
    }

    it("holds only the plugin's own classes: no SoapUI stand-in, no logging stand-in", () => {
      const names = entries();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        expect(name).toMatch(/^pt\/areaoe\/soapui\/[A-Za-z$]+\.class$/);
      }
      expect(names.some((name) => name.startsWith("com/eviware/") || name.startsWith("org/apache/"))).toBe(false);
    });

    it("has class files of Java 8 at most, without invokedynamic, MethodHandle or MethodType constants", { timeout: 60_000 }, () => {
      for (const name of classNames()) {
        const text = javap(name);
        const major = Number(/major version: (\d+)/.exec(text)?.[1]);
        expect(major, name).toBeLessThanOrEqual(52);
        expect(text, name).not.toMatch(/= (InvokeDynamic|MethodHandle|MethodType) /);
        expect(text, name).not.toMatch(/invokedynamic/);
      }
    });

    it("has exactly one @PluginConfiguration, with a numeric version, and the filter annotated @PluginRequestFilter(protocol=\"http\")", { timeout: 60_000 }, () => {
      const configurations: string[] = [];
      const filters: string[] = [];
      for (const name of classNames()) {
        const text = javap(name);
        const configuration = /com\.eviware\.soapui\.plugins\.PluginConfiguration\(([^)]*)\)/.exec(text);
        if (configuration?.[1]) {
          configurations.push(name);
          expect(/version="([^"]*)"/.exec(configuration[1])?.[1]).toMatch(/^\d+\.\d+(\.\d+)?$/);
        }
        const filter = /com\.eviware\.soapui\.plugins\.auto\.PluginRequestFilter\(([^)]*)\)/.exec(text);
        if (filter?.[1]) {
          filters.push(name);
          expect(filter[1].trim()).toBe('protocol="http"');
          expect(text).toMatch(/implements com\.eviware\.soapui\.impl\.wsdl\.submit\.RequestFilter\n/);
        }
      }
      expect(configurations).toEqual(["pt.areaoe.soapui.AreaOePluginConfiguration"]);
      expect(filters).toEqual(["pt.areaoe.soapui.SecurityHeaderRequestFilter"]);
    });
  });

  describe("loaded the way SoapUI loads a plugin", () => {
    const REQUEST = '<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:x="urn:x">\n   <soapenv:Header/>\n   <soapenv:Body>\n      <x:Ping>  <!-- as SoapUI writes it --> </x:Ping>\n   </soapenv:Body>\n</soapenv:Envelope>';
    const optedIn = () => ({ "Project#areaoe.username": USERNAME, "Project#areaoe.certificate": certificate });
    const run = (scoped: Record<string, string>, kind: "wsdl" | "rest" = "wsdl", password: string | null = PASSWORD) =>
      drivers.soapUiLoader({ requestFile: writeRequest("request.xml", REQUEST), kind, scoped, password: password ?? undefined });

    it("gives a SOAP request of a project that opted in a fresh header, password from the environment", () => {
      const result = run(optedIn());
      expect(result.status).toBe(0);
      expect(result.stderr).toBe(`INFO areaOE security header: fresh digest header for ${USERNAME}\n`);
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyPem, password: PASSWORD })).toMatchObject({ ok: true, form: "digest" });
    }, 60_000);

    it("takes areaoe.password and areaoe.form from the project when they are set", () => {
      const result = run({ ...optedIn(), "Project#areaoe.password": "other-password", "Project#areaoe.form": "encrypted-created" }, "wsdl", null);
      expect(verifySecurityHeader(result.stdout, { privateKey: privateKeyPem, password: "other-password" })).toMatchObject({ ok: true, form: "encrypted-created" });
      expect(result.stderr).not.toContain("other-password");
    }, 60_000);

    it("leaves a request of a project without the properties byte for byte unchanged, and logs nothing", () => {
      const result = run({});
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(REQUEST);
      expect(result.stderr).toBe("");
    }, 60_000);

    it("leaves a request that is not a SOAP request (REST, plain HTTP) unchanged", () => {
      const result = run(optedIn(), "rest");
      expect(result.stdout).toBe(REQUEST);
      expect(result.stderr).toBe("");
    }, 60_000);

    it.each([
      ["a wrong certificate path", { "Project#areaoe.certificate": "/nonexistent/authority.pem" }, "areaoe.certificate"],
      ["a file that is no certificate", { "Project#areaoe.certificate": "REQUEST" }, "areaoe.certificate"],
      ["an unknown form", { "Project#areaoe.form": "both" }, "areaoe.form"],
      ["a username that is not NIF/UserID", { "Project#areaoe.username": "555555555" }, "areaoe.username"],
      ["no password anywhere", { "Project#areaoe.password": "" }, "AREAOE_PASSWORD"],
    ])("leaves the request unchanged on %s, with one error line naming the property and never the password", (name, change, property) => {
      const scoped: Record<string, string> = { ...optedIn(), ...change };
      if (scoped["Project#areaoe.certificate"] === "REQUEST") scoped["Project#areaoe.certificate"] = writeRequest("not-a-certificate.pem", "hello");
      const result = run(scoped, "wsdl", name === "no password anywhere" ? null : PASSWORD);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(REQUEST);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^ERROR areaOE security header: .*; request sent unchanged$/);
      expect(lines[0]).toContain(property);
      expect(result.stderr).not.toContain(PASSWORD);
    }, 60_000);
  });
});
