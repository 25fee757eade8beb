import { describe, expect, it } from "vitest";
import { acceptedResponse, clientFault, faultCodeFor, securityFault } from "./soap-response";

describe("SOAP sandbox answers", () => {
  it("maps each kind of finding to a WS-Security fault code", () => {
    expect(faultCodeFor({ code: "EXPIRED" })).toBe("wsse:MessageExpired");
    expect(faultCodeFor({ code: "CREATED_IN_FUTURE" })).toBe("wsse:MessageExpired");
    expect(faultCodeFor({ code: "DIGEST_MISMATCH" })).toBe("wsse:FailedAuthentication");
    expect(faultCodeFor({ code: "USERNAME_FORMAT" })).toBe("wsse:FailedAuthentication");
    expect(faultCodeFor({ code: "WRONG_NAMESPACE" })).toBe("wsse:InvalidSecurity");
    expect(faultCodeFor({ code: "NONCE_UNDECRYPTABLE" })).toBe("wsse:InvalidSecurity");
    expect(faultCodeFor({ code: "SOAP_VERSION_MISMATCH" })).toBe("soapenv:VersionMismatch");
  });

  it("puts the first error's message in faultstring and every error's code in detail, escaped", () => {
    const xml = securityFault([
      { code: "UNEXPECTED_PREFIX", severity: "warning", message: "prefix", params: {} },
      { code: "WRONG_NAMESPACE", severity: "error", message: "Found <wsse> & friends", params: {} },
      { code: "EXPIRED", severity: "error", message: "Too old", params: {} },
    ]);
    expect(xml).toContain(`<faultcode xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext">wsse:InvalidSecurity</faultcode>`);
    expect(xml).toContain("<faultstring xml:lang=\"en\">Found &lt;wsse&gt; &amp; friends</faultstring>");
    expect(xml).toContain('code="WRONG_NAMESPACE"');
    expect(xml).toContain('code="EXPIRED"');
    expect(xml).not.toContain('code="UNEXPECTED_PREFIX"');
  });

  it("links each Finding of a Fault's detail to its entry of the fault catalogue, when given the catalogue's address", () => {
    const catalogue = "https://portal.example/areaOE/public/ferramentas/webservices/securityHeader/faults";
    const xml = securityFault([{ code: "EXPIRED", severity: "error", message: "Too old", params: {} }], catalogue);
    expect(xml).toContain(`<sandbox:Finding code="EXPIRED" href="${catalogue}#EXPIRED">Too old</sandbox:Finding>`);
    expect(clientFault("Not text/xml", "UNSUPPORTED_MEDIA_TYPE", catalogue)).toContain(`href="${catalogue}#UNSUPPORTED_MEDIA_TYPE"`);
    expect(securityFault([{ code: "EXPIRED", severity: "error", message: "Too old", params: {} }])).not.toContain("href=");
  });

  it("names the user and form on success, and the reason on a client fault", () => {
    const ok = acceptedResponse({ ok: true, form: "digest", username: "555555550/1", createdAt: "2026-11-23T10:00:00.000Z", keyId: "default", findings: [] });
    expect(ok).toContain("<sandbox:Username>555555550/1</sandbox:Username>");
    expect(ok).toContain("<sandbox:Form>digest</sandbox:Form>");
    expect(clientFault("No DTD <here>", "DTD_FORBIDDEN")).toContain("<faultcode>soapenv:Client</faultcode>");
  });
});
