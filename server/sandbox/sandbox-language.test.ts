// @vitest-environment jsdom
// The sandbox's Faults over real HTTP: texts in the request's language (Accept-Language, else pt), the
// same codes and params in every language, and each finding worded as the checker page words it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { BASE_PATH, findingText, pageHref, serverT } from "../../app/server-surface";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";
import { SANDBOX_NAMESPACE, SANDBOX_PARAM_NAMESPACE } from "./soap-response";

const OASIS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

interface ParsedFault {
  status: number;
  contentLanguage: string | null;
  faultLang: string | null;
  faultstring: string;
  findings: { code: string; catalogue: string | null; text: string; params: Record<string, string> }[];
}

describe("the sandbox answers in the request's language, with the same codes", () => {
  let dir: string;
  let sandbox: HeaderSandbox;
  let app: Awaited<ReturnType<typeof startSandboxApp>>;
  let wrongNamespace: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "areaoe-sandbox-lang-"));
    sandbox = await loadHeaderSandbox(dir, path.join(dir, "key"));
    app = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 1_000 });
    const header = await generateSecurityHeader({ username: "555555550/1", password: "senha-de-teste", publicKey: parseAuthorityKey(sandbox.certificatePem) });
    // The namespace of the 2004 OASIS draft on every element: one finding naming the Security element.
    wrongNamespace = wrapInEnvelope(header.xml.replaceAll("http://schemas.xmlsoap.org/ws/2002/12/secext", OASIS), "<ping/>");
  }, 120_000);

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function post(body: string, headers: Record<string, string> = {}, contentType = "text/xml; charset=utf-8"): Promise<ParsedFault> {
    const response = await fetch(`${app.origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": contentType, ...headers }, body });
    const doc = new DOMParser().parseFromString(await response.text(), "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const faultstring = doc.getElementsByTagName("faultstring")[0];
    return {
      status: response.status,
      contentLanguage: response.headers.get("content-language"),
      faultLang: faultstring?.getAttribute("xml:lang") ?? null,
      faultstring: faultstring?.textContent ?? "",
      findings: [...doc.getElementsByTagNameNS(SANDBOX_NAMESPACE, "Finding")].map((finding) => ({
        code: finding.getAttribute("code") ?? "",
        catalogue: finding.getAttribute("catalogue"),
        text: finding.textContent ?? "",
        params: Object.fromEntries([...finding.attributes].filter((a) => a.namespaceURI === SANDBOX_PARAM_NAMESPACE).map((a) => [a.localName, a.value])),
      })),
    };
  }

  it("a security Fault: English for Accept-Language en, Portuguese for pt and by default; codes and params alike", async () => {
    const en = await post(wrongNamespace, { "Accept-Language": "en-GB,en;q=0.9" });
    const pt = await post(wrongNamespace, { "Accept-Language": "pt-PT" });
    const none = await post(wrongNamespace);
    expect(en.status).toBe(500);
    expect([en.contentLanguage, en.faultLang, pt.contentLanguage, pt.faultLang, none.faultLang]).toEqual(["en", "en", "pt", "pt", "pt"]);
    // The codes and params never change with the language; the catalogue's address is in the answer's.
    const withoutText = (fault: ParsedFault) => fault.findings.map(({ text: _text, catalogue: _catalogue, ...rest }) => rest);
    expect(withoutText(en)).toEqual(withoutText(pt));
    expect(withoutText(none)).toEqual(withoutText(pt));
    expect(en.findings.map((finding) => finding.catalogue)).toEqual([`${app.origin}${pageHref("security-header-faults")}?lang=en#WRONG_NAMESPACE`]);
    expect(pt.findings.map((finding) => finding.catalogue)).toEqual([`${app.origin}${pageHref("security-header-faults")}?lang=pt#WRONG_NAMESPACE`]);
    expect(withoutText(en)).toEqual([
      {
        code: "WRONG_NAMESPACE",
        params: { element: "Security", found: OASIS, expected: "http://schemas.xmlsoap.org/ws/2002/12/secext" },
      },
    ]);
    // The checker page's words (finding-text.ts), with the element named.
    const params = { element: "Security", found: OASIS, expected: "http://schemas.xmlsoap.org/ws/2002/12/secext" };
    expect(en.findings[0]?.text).toContain(findingText(serverT("en", "security-header"), { code: "WRONG_NAMESPACE", params }).title);
    expect(en.findings[0]?.text).toContain("Security is in the wrong namespace");
    expect(pt.findings[0]?.text).toContain("Security está no namespace errado");
    expect(en.faultstring).toBe(en.findings[0]?.text);
    expect(pt.faultstring).not.toBe(en.faultstring);
  });

  it("a Client fault (not XML) and the sandbox's own faults follow the language too", async () => {
    const en = await post("<a>", { "Accept-Language": "en" });
    const pt = await post("<a>", { "Accept-Language": "pt" });
    expect([en.status, en.findings[0]?.code, pt.findings[0]?.code]).toEqual([400, "NOT_XML", "NOT_XML"]);
    expect(en.faultstring).toMatch(/^This is not well-formed XML\./);
    expect(pt.faultstring).toMatch(/^Não é XML bem formado\./);
    const mediaEn = await post("<a/>", { "Accept-Language": "en" }, "application/soap+xml");
    const mediaPt = await post("<a/>", { "Accept-Language": "pt" }, "application/soap+xml");
    expect([mediaEn.status, mediaEn.findings[0]?.code, mediaPt.findings[0]?.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE", "UNSUPPORTED_MEDIA_TYPE"]);
    expect(mediaEn.faultstring).toBe(serverT("en", "security-header")("sandbox.fault.UNSUPPORTED_MEDIA_TYPE"));
    expect(mediaPt.faultstring).toBe(serverT("pt", "security-header")("sandbox.fault.UNSUPPORTED_MEDIA_TYPE"));
  });

  it("a request over the limit quotes the real limit, with it as params", async () => {
    const big = `<a>${"x".repeat(513 * 1024)}</a>`;
    const en = await post(big, { "Accept-Language": "en" });
    const pt = await post(big, { "Accept-Language": "pt" });
    expect(en.status).toBe(413);
    expect(en.findings[0]).toMatchObject({ code: "TOO_LARGE", params: { kilobytes: "512", maxBytes: "524288" } });
    expect(pt.findings[0]?.params).toEqual(en.findings[0]?.params);
    expect(en.faultstring).toContain("512 KB");
    expect(pt.faultstring).toContain("512 KB");
  });

  it("an accepted header's Warning is worded in the language too, with its params", async () => {
    const header = await generateSecurityHeader({ username: "555555550/1", password: "x", publicKey: parseAuthorityKey(sandbox.certificatePem) });
    const wsse = wrapInEnvelope(header.xml.replaceAll("wss:", "wsse:").replace("xmlns:wss=", "xmlns:wsse="), "<ping/>");
    for (const [lang, phrase] of [["en", "The prefix of Security is not wss"], ["pt", "O prefixo de Security não é wss"]] as const) {
      const response = await fetch(`${app.origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml", "Accept-Language": lang }, body: wsse });
      expect(response.status).toBe(200);
      const doc = new DOMParser().parseFromString(await response.text(), "application/xml");
      const warning = doc.getElementsByTagNameNS(SANDBOX_NAMESPACE, "Warning")[0];
      expect(warning?.getAttribute("code")).toBe("UNEXPECTED_PREFIX");
      expect(warning?.getAttributeNS(SANDBOX_PARAM_NAMESPACE, "prefix")).toBe("wsse");
      expect(warning?.textContent).toContain(phrase);
    }
  });
});
