// @vitest-environment jsdom
// DOMParser (jsdom) checks that the header and the envelope are well-formed, namespaced XML.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { escapeXml, generateSecurityHeader, SOAP_ENVELOPE_NAMESPACE, wrapInEnvelope, WSS_NAMESPACE, type RsaPublicJwk } from "./index.js";

const publicKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as RsaPublicJwk;

function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

function text(document: Document | Element, localName: string, namespace = WSS_NAMESPACE): string | null {
  return document.getElementsByTagNameNS(namespace, localName)[0]?.textContent ?? null;
}

describe("header XML", () => {
  it("digest form: every field in the WS-Security 2002/12 namespace, Digest on Password", async () => {
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey });
    const document = parse(header.xml);
    expect(document.documentElement.namespaceURI).toBe(WSS_NAMESPACE);
    expect(document.documentElement.localName).toBe("Security");
    expect(text(document, "Username")).toBe("123456789/1");
    expect(text(document, "Password")).toBe(header.password);
    expect(document.getElementsByTagNameNS(WSS_NAMESPACE, "Password")[0]?.getAttribute("Digest")).toBe(header.digest);
    expect(text(document, "Nonce")).toBe(header.nonce);
    expect(text(document, "Created")).toBe(header.created);
    expect(document.getElementsByTagNameNS(WSS_NAMESPACE, "UsernameToken")[0]?.parentElement).toBe(document.documentElement);
  });

  it("encrypted-created form: no Digest attribute", async () => {
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey, form: "encrypted-created" });
    const document = parse(header.xml);
    expect(document.getElementsByTagNameNS(WSS_NAMESPACE, "Password")[0]?.hasAttribute("Digest")).toBe(false);
    expect(text(document, "Created")).toBe(header.created);
  });
});

describe("wrapInEnvelope", () => {
  it("puts the header in soapenv:Header and an empty soapenv:Body by default", async () => {
    const header = await generateSecurityHeader({ username: "123456789/1", password: "p", publicKey });
    const document = parse(wrapInEnvelope(header.xml));
    const root = document.documentElement;
    expect(root.namespaceURI).toBe(SOAP_ENVELOPE_NAMESPACE);
    expect(root.localName).toBe("Envelope");
    const soapHeader = document.getElementsByTagNameNS(SOAP_ENVELOPE_NAMESPACE, "Header")[0];
    const security = document.getElementsByTagNameNS(WSS_NAMESPACE, "Security")[0];
    expect(security?.parentElement).toBe(soapHeader);
    expect(text(document, "Nonce")).toBe(header.nonce);
    const body = document.getElementsByTagNameNS(SOAP_ENVELOPE_NAMESPACE, "Body")[0];
    expect(body?.childNodes).toHaveLength(0);
  });

  it("inserts a given body verbatim", () => {
    const body = '<ns:ping xmlns:ns="urn:test">olá &amp; adeus</ns:ping>';
    const document = parse(wrapInEnvelope(`<wss:Security xmlns:wss="${WSS_NAMESPACE}"/>`, body));
    expect(document.getElementsByTagNameNS("urn:test", "ping")[0]?.textContent).toBe("olá & adeus");
    expect(wrapInEnvelope("<a/>", body)).toContain(body);
  });
});

describe("escapeXml", () => {
  it("escapes the five special characters", () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
    const document = parse(`<r a="${escapeXml(`"<&>'`)}">${escapeXml("<&>")}</r>`);
    expect(document.documentElement.getAttribute("a")).toBe(`"<&>'`);
    expect(document.documentElement.textContent).toBe("<&>");
  });
});
