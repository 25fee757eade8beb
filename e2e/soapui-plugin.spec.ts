// An operator downloads the SoapUI plugin from the portal, starts a project from
// the sandbox's WSDL, sets the four project properties, and the request leaves with a header the sandbox
// accepts. SoapUI itself is not here: the jar is loaded the way SoapUI 5.7.0 loads plugins (a plugin-first
// class loader, the filter made by newInstance() and called through a Proxy), with the compile-only
// stand-ins in the role of SoapUI's classes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test, expect } from "./support/fixtures";
import { COMMITTED_JAR, compileStandIns, javacFeatureVersion } from "../packages/security-header/soapui-plugin/build-plugin";
import { compileJavaDrivers } from "../packages/security-header/soapui-plugin/test-support/java-runs";

const JAR = "/areaOE/downloads/areaoe-security-header-soapui-plugin.jar";
const WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
const SOAP_BINDING_NS = "http://schemas.xmlsoap.org/wsdl/soap/";
const USERNAME = "555555550/1";
const hasJdk = javacFeatureVersion() !== null;

test.describe("the SoapUI 5.7.0 plugin against the sandbox", () => {
  test.skip(!hasJdk, "needs a JDK (javac): Debian's default-jdk-headless");

  test("the downloaded jar, in a project made from the sandbox WSDL, sends requests the sandbox accepts", async ({ page, request }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(path.join(tmpdir(), "areaoe-soapui-e2e-"));
    try {
      const download = await request.get(JAR);
      expect(download.status()).toBe(200);
      const jarBytes = await download.body();
      expect(jarBytes.equals(readFileSync(COMMITTED_JAR))).toBe(true);
      const jar = path.join(dir, "areaoe-security-header-soapui-plugin.jar");
      writeFileSync(jar, jarBytes);

      const certificate = path.join(dir, "areaoe-test-certificate.pem");
      writeFileSync(certificate, await (await request.get("/areaOE/sandbox/test-certificate.pem")).text());

      // New SOAP Project from the WSDL: the endpoint and the request element come from it.
      const wsdlResponse = await request.get("/areaOE/sandbox/soap?wsdl");
      expect(wsdlResponse.status()).toBe(200);
      // Read with the browser's XML parser, as a SOAP tool reads it.
      const { address, element, namespace } = await page.evaluate(
        ({ text, wsdlNs, soapNs }) => {
          const wsdl = new DOMParser().parseFromString(text, "application/xml");
          if (wsdl.getElementsByTagName("parsererror").length > 0) throw new Error("the WSDL is not well-formed");
          const [prefix, local] = (wsdl.getElementsByTagNameNS(wsdlNs, "part")[0]?.getAttribute("element") ?? "").split(":");
          return {
            address: wsdl.getElementsByTagNameNS(soapNs, "address")[0]?.getAttribute("location") ?? "",
            element: local ?? "",
            namespace: wsdl.documentElement.lookupNamespaceURI(prefix ?? null) ?? "",
          };
        },
        { text: await wsdlResponse.text(), wsdlNs: WSDL_NS, soapNs: SOAP_BINDING_NS },
      );
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/areaOE\/sandbox\/soap$/);
      // What SoapUI puts in a new request: an empty Header and the operation's element.
      const requestFile = path.join(dir, "request.xml");
      writeFileSync(requestFile, `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sand="${namespace}">\n   <soapenv:Header/>\n   <soapenv:Body>\n      <sand:${element}/>\n   </soapenv:Body>\n</soapenv:Envelope>`);

      const drivers = compileJavaDrivers(dir, jar, compileStandIns(dir));
      const run = drivers.soapUiLoader({
        requestFile,
        kind: "wsdl",
        scoped: { "Project#areaoe.username": USERNAME, "Project#areaoe.certificate": certificate },
        password: "senha-de-teste-ç",
      });
      expect(run.stderr).toBe(`INFO areaOE security header: fresh digest header for ${USERNAME}\n`);

      const sent = await request.post(address, { headers: { "Content-Type": "text/xml; charset=utf-8" }, data: run.stdout });
      const answer = await sent.text();
      expect(sent.status(), answer).toBe(200);
      expect(answer).toContain(`<sandbox:Username>${USERNAME}</sandbox:Username>`);
      expect(answer).toContain("<sandbox:Form>digest</sandbox:Form>");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
