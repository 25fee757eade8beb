import { describe, expect, it } from "vitest";
import { acceptedResponse, clientFault, faultCodeFor, findingSentence, securityFault } from "./soap-response";

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

  it("words the first error in faultstring and every error in detail, in the language asked for, escaped, with its params", () => {
    const findings = [
      { code: "UNEXPECTED_PREFIX", severity: "warning", message: "prefix", params: { element: "Security", prefix: "wsse" } },
      { code: "WRONG_NAMESPACE", severity: "error", message: "Found", params: { element: "Security", found: "urn:<x>&y", expected: "urn:e" } },
      { code: "EXPIRED", severity: "error", message: "Too old", params: { ageSeconds: 120, skewSeconds: 120 } },
    ] as const;
    const en = securityFault(findings, undefined, "en");
    expect(en).toContain(`<faultcode xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext">wsse:InvalidSecurity</faultcode>`);
    expect(en).toContain('<faultstring xml:lang="en">Security is in the wrong namespace. Found urn:&lt;x&gt;&amp;y on Security.');
    expect(en).toContain('code="WRONG_NAMESPACE" param:element="Security" param:found="urn:&lt;x&gt;&amp;y" param:expected="urn:e">');
    expect(en).toContain('code="EXPIRED" param:ageSeconds="120" param:skewSeconds="120">The header is 120 seconds old.');
    expect(en).not.toContain('code="UNEXPECTED_PREFIX"');
    const pt = securityFault(findings, undefined, "pt");
    expect(pt).toContain('<faultstring xml:lang="pt">Security está no namespace errado.');
    expect(securityFault(findings)).toBe(pt);
  });

  it("names a time zone, not a bare 'in the future'", () => {
    const finding = { code: "CREATED_IN_FUTURE", severity: "error", message: "", params: { skewSeconds: 5400, likelyCause: "time-zone", offset: "+01:30", span: "1 h 30 min", offsetMinutes: 90, offsetHours: 1.5, hours: 1.5 } } as const;
    expect(findingSentence(finding, "en")).toMatch(/^Created is 1 h 30 min ahead of the server's clock: a UTC\+01:30 time zone\. .* Likely cause: Created is off by exactly the offset UTC\+01:30 of a time zone/);
    // A time zone is not a clock to set by NTP.
    expect(findingSentence(finding, "en")).toContain("Not a clock to set");
    expect(findingSentence(finding, "en")).not.toContain("NTP");
    expect(findingSentence({ ...finding, params: { skewSeconds: 30 } }, "en")).toContain("NTP");
  });

  it("links each Finding of a Fault's detail to its entry of the fault catalogue, when given the catalogue's address", () => {
    const catalogue = "https://portal.example/areaOE/public/ferramentas/webservices/securityHeader/faults";
    const xml = securityFault([{ code: "EXPIRED", severity: "error", message: "Too old", params: {} }], catalogue);
    // `catalogue`, never `href` (PHP's SoapClient reads an `href` as a SOAP-encoding reference); the type named for PHP.
    expect(xml).toContain(`<sandbox:Finding xsi:type="sandbox:Note" code="EXPIRED" catalogue="${catalogue}#EXPIRED">`);
    expect(clientFault("Not text/xml", "UNSUPPORTED_MEDIA_TYPE", catalogue)).toContain(`catalogue="${catalogue}#UNSUPPORTED_MEDIA_TYPE"`);
    expect(securityFault([{ code: "EXPIRED", severity: "error", message: "Too old", params: {} }])).not.toContain("catalogue=");
    expect(xml).not.toContain("href=");
  });

  it("names the user and form on success, and the reason on a client fault", () => {
    const ok = acceptedResponse({ ok: true, form: "digest", username: "555555550/1", createdAt: "2026-11-23T10:00:00.000Z", keyId: "default", findings: [] });
    expect(ok).toContain("<sandbox:Username>555555550/1</sandbox:Username>");
    expect(ok).toContain("<sandbox:Form>digest</sandbox:Form>");
    expect(clientFault("No DTD <here>", "DTD_FORBIDDEN")).toContain("<faultcode>soapenv:Client</faultcode>");
  });
});
