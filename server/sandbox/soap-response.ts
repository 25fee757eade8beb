import type { VerificationFinding, VerificationResult } from "@areaoe/security-header/node";
import { escapeXml, SOAP_ENVELOPE_NAMESPACE, WSS_NAMESPACE } from "@areaoe/security-header";

export const SANDBOX_NAMESPACE = "urn:areaoe:sandbox:security-header";

/**
 * WS-Security 1.0 §12 fault codes, by what the finding says is wrong; an envelope of another SOAP
 * version gets SOAP 1.1's own VersionMismatch (SOAP 1.1 §4.4.1).
 */
export type SecurityFaultCode = "wsse:InvalidSecurity" | "wsse:FailedAuthentication" | "wsse:MessageExpired" | "soapenv:VersionMismatch";

const FAILED_AUTHENTICATION = new Set(["USERNAME_FORMAT", "PASSWORD_MISMATCH", "DIGEST_MISMATCH"]);
const MESSAGE_EXPIRED = new Set(["EXPIRED", "CREATED_IN_FUTURE"]);

export function faultCodeFor(finding: Pick<VerificationFinding, "code">): SecurityFaultCode {
  if (finding.code === "SOAP_VERSION_MISMATCH") return "soapenv:VersionMismatch";
  if (MESSAGE_EXPIRED.has(finding.code)) return "wsse:MessageExpired";
  if (FAILED_AUTHENTICATION.has(finding.code)) return "wsse:FailedAuthentication";
  return "wsse:InvalidSecurity";
}

function envelope(body: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}">`,
    "  <soapenv:Body>",
    body,
    "  </soapenv:Body>",
    "</soapenv:Envelope>",
    "",
  ].join("\n");
}

/** A SOAP 1.1 Fault (sent with HTTP 500, as SOAP 1.1 §6.2 prescribes) for the first error finding. */
export function securityFault(findings: readonly VerificationFinding[]): string {
  const errors = findings.filter((finding) => finding.severity === "error");
  const first = errors[0] ?? findings[0];
  const code = first ? faultCodeFor(first) : "wsse:InvalidSecurity";
  const details = errors
    .map((finding) => `        <sandbox:Finding code="${escapeXml(finding.code)}">${escapeXml(finding.message)}</sandbox:Finding>`)
    .join("\n");
  return envelope(
    [
      "    <soapenv:Fault>",
      `      <faultcode xmlns:wsse="${WSS_NAMESPACE}">${code}</faultcode>`,
      `      <faultstring xml:lang="en">${escapeXml(first?.message ?? "The security header was refused")}</faultstring>`,
      "      <detail>",
      `        <sandbox:SecurityHeaderFindings xmlns:sandbox="${SANDBOX_NAMESPACE}">`,
      details,
      "        </sandbox:SecurityHeaderFindings>",
      "      </detail>",
      "    </soapenv:Fault>",
    ].join("\n"),
  );
}

/** A request the sandbox cannot read at all (not XML, a DTD): a Client fault, sent with HTTP 400. */
export function clientFault(message: string, code: string): string {
  return plainFault("soapenv:Client", message, code);
}

/** The sandbox cannot check anything (switched off at start): a Server fault, sent with HTTP 503. */
export function serverFault(message: string, code: string): string {
  return plainFault("soapenv:Server", message, code);
}

function plainFault(faultCode: "soapenv:Client" | "soapenv:Server", message: string, code: string): string {
  return envelope(
    [
      "    <soapenv:Fault>",
      `      <faultcode>${faultCode}</faultcode>`,
      `      <faultstring xml:lang="en">${escapeXml(message)}</faultstring>`,
      "      <detail>",
      `        <sandbox:SecurityHeaderFindings xmlns:sandbox="${SANDBOX_NAMESPACE}">`,
      `          <sandbox:Finding code="${escapeXml(code)}">${escapeXml(message)}</sandbox:Finding>`,
      "        </sandbox:SecurityHeaderFindings>",
      "      </detail>",
      "    </soapenv:Fault>",
    ].join("\n"),
  );
}

/** HTTP 200: the header was accepted; names the user and the form it used, nothing secret. */
export function acceptedResponse(result: VerificationResult): string {
  const warnings = result.findings
    .map((finding) => `      <sandbox:Warning code="${escapeXml(finding.code)}">${escapeXml(finding.message)}</sandbox:Warning>`)
    .join("\n");
  return envelope(
    [
      `    <sandbox:SecurityHeaderAccepted xmlns:sandbox="${SANDBOX_NAMESPACE}">`,
      `      <sandbox:Username>${escapeXml(result.username ?? "")}</sandbox:Username>`,
      `      <sandbox:Form>${escapeXml(result.form ?? "")}</sandbox:Form>`,
      `      <sandbox:Created>${escapeXml(result.createdAt ?? "")}</sandbox:Created>`,
      ...(warnings ? [warnings] : []),
      "    </sandbox:SecurityHeaderAccepted>",
    ].join("\n"),
  );
}
