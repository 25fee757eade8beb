// @vitest-environment jsdom
import { request as httpRequest, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { BASE_PATH } from "../../app/server-surface";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";

const WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
const SOAP_BINDING_NS = "http://schemas.xmlsoap.org/wsdl/soap/";
const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";

/** Parses XML with the DOM's own parser (jsdom's); fails the test when it is not well-formed. */
function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

function one(doc: Document | Element, ns: string, localName: string): Element {
  const found = doc.getElementsByTagNameNS(ns, localName)[0];
  if (!found) throw new Error(`no ${localName}`);
  return found;
}

/** The element a message's part names ("tns:X"), as { namespace, localName }, from the WSDL itself. */
function partElement(wsdl: Document, messageName: string): { namespace: string; localName: string } {
  const message = [...wsdl.getElementsByTagNameNS(WSDL_NS, "message")].find((m) => m.getAttribute("name") === messageName);
  const qname = message ? one(message, WSDL_NS, "part").getAttribute("element") ?? "" : "";
  const [prefix, localName = ""] = qname.split(":");
  const namespace = one(wsdl, WSDL_NS, "definitions").lookupNamespaceURI(prefix ?? null) ?? "";
  return { namespace, localName };
}

const strip = (qname: string | null) => (qname ?? "").split(":").pop() ?? "";

describe("the sandbox WSDL (GET /sandbox/soap?wsdl)", () => {
  let dir: string;
  let sandbox: HeaderSandbox;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "areaoe-wsdl-"));
    sandbox = await loadHeaderSandbox(dir, path.join(dir, "key"), { bits: 2048 });
    // As in the server: every request is matched to a configured origin first (the WSDL's address).
    const app = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 1_000, otherOrigins: ["https://portal.example:8443"] });
    server = app.server;
    origin = app.origin;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("is a well-formed SOAP 1.1 document/literal WSDL whose soap:address is the sandbox it was fetched from", async () => {
    const response = await fetch(`${origin}${BASE_PATH}/sandbox/soap?wsdl`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/xml/);
    const wsdl = parseXml(await response.text());
    expect(one(wsdl, SOAP_BINDING_NS, "binding").getAttribute("style")).toBe("document");
    for (const body of wsdl.getElementsByTagNameNS(SOAP_BINDING_NS, "body")) expect(body.getAttribute("use")).toBe("literal");
    expect(one(wsdl, SOAP_BINDING_NS, "address").getAttribute("location")).toBe(`${origin}${BASE_PATH}/sandbox/soap`);
    expect(wsdl.getElementsByTagNameNS(WSDL_NS, "operation").length).toBeGreaterThan(0);
  });

  it("answers ?WSDL too, with the configured origin the Host matched: never the header as written or an unchecked protocol", async () => {
    // fetch() may not set Host: a plain node:http request, as a reverse proxy would send it.
    const wsdlFor = (headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${origin}${BASE_PATH}/sandbox/soap?WSDL`, { headers }, (res) => {
          let data = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (data += chunk)).on("end", () => resolve(data));
        });
        req.on("error", reject).end();
      });
    for (const headers of [
      { Host: "portal.example:8443", "X-Forwarded-Proto": "https" },
      { Host: "PORTAL.Example:8443", "X-Forwarded-Proto": "http" },
      { Host: "portal.example:8443", "X-Forwarded-Proto": "a b" },
    ]) {
      const wsdl = parseXml(await wsdlFor(headers));
      expect(one(wsdl, SOAP_BINDING_NS, "address").getAttribute("location")).toBe(`https://portal.example:8443${BASE_PATH}/sandbox/soap`);
    }
    expect(await wsdlFor({ Host: "evil.example" })).not.toContain("evil.example");
  });

  it("leaves a GET without ?wsdl a 405 naming the methods", async () => {
    const response = await fetch(`${origin}${BASE_PATH}/sandbox/soap`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(await response.text()).toBe("O sandbox aceita POST com um pedido SOAP 1.1 (text/xml), e GET ?wsdl para o seu WSDL.\n");
    const english = await fetch(`${origin}${BASE_PATH}/sandbox/soap`, { method: "PUT", headers: { "Accept-Language": "en" } });
    expect([english.status, english.headers.get("content-language"), await english.text()]).toEqual([
      405,
      "en",
      "The sandbox takes POST with a SOAP 1.1 request (text/xml), and GET ?wsdl for its WSDL.\n",
    ]);
  });

  it("answers an unknown key's certificate with a 404 in the asker's language, naming the list of keys", async () => {
    const response = await fetch(`${origin}${BASE_PATH}/sandbox/keys/2020-01-01-00000000.pem`, { headers: { "Accept-Language": "en" } });
    expect([response.status, await response.text()]).toEqual([404, `No sandbox key has this id (GET ${BASE_PATH}/sandbox/keys lists them).\n`]);
    const portuguese = await fetch(`${origin}${BASE_PATH}/sandbox/keys/2020-01-01-00000000.cer`);
    expect(await portuguese.text()).toBe(`Nenhuma chave do sandbox tem este identificador (GET ${BASE_PATH}/sandbox/keys lista-as).\n`);
  });

  it("describes what the sandbox takes and answers: a request built from its message definitions with a good header gets the response element", async () => {
    const wsdl = parseXml(await (await fetch(`${origin}${BASE_PATH}/sandbox/soap?wsdl`)).text());
    const operation = one(one(wsdl, WSDL_NS, "portType"), WSDL_NS, "operation");
    const input = partElement(wsdl, strip(one(operation, WSDL_NS, "input").getAttribute("message")));
    const output = partElement(wsdl, strip(one(operation, WSDL_NS, "output").getAttribute("message")));
    const address = one(wsdl, SOAP_BINDING_NS, "address").getAttribute("location") ?? "";

    const header = await generateSecurityHeader({
      username: "555555550/1",
      password: "senha-de-teste",
      publicKey: parseAuthorityKey(sandbox.certificatePem),
    });
    const body = `<op:${input.localName} xmlns:op="${input.namespace}"/>`;
    const response = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
      body: wrapInEnvelope(header.xml, body),
    });
    expect(response.status).toBe(200);
    const answer = parseXml(await response.text());
    const first = one(answer, SOAP_ENV_NS, "Body").firstElementChild;
    expect({ namespace: first?.namespaceURI, localName: first?.localName }).toEqual(output);
    expect(first?.getElementsByTagNameNS(output.namespace, "Username")[0]?.textContent).toBe("555555550/1");
  }, 60_000);
});
