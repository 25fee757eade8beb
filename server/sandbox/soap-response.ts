import type { FindingCode, VerificationFinding, VerificationResult } from "@areaoe/security-header/node";
import { escapeXml, SOAP_ENVELOPE_NAMESPACE, WSS_NAMESPACE } from "@areaoe/security-header";
import { DEFAULT_LANGUAGE, findingText, serverT, type Language, type SubKey } from "../../app/server-surface";

export const SANDBOX_NAMESPACE = "urn:areaoe:sandbox:security-header";
/**
 * A Finding's params, as attributes in their own namespace (`param:element="Security"`): the same names
 * and values as the verifier's `params`, in every language (only the texts follow Accept-Language).
 */
export const SANDBOX_PARAM_NAMESPACE = "urn:areaoe:sandbox:security-header:param";
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** A finding worded in `lang` (finding-text.ts: the checker page's words): title, fix, likely cause. */
export function findingSentence(finding: Pick<VerificationFinding, "code" | "params">, lang: Language): string {
  const text = findingText(serverT(lang, "security-header"), finding);
  return [`${text.title}.`, text.fix, text.cause].filter((part): part is string => !!part).join(" ");
}

/**
 * The sandbox's own faults worded by `sandbox.fault.<CODE>`; RATE_LIMITED and SANDBOX_OVERLOADED are
 * worded by `sandboxLimits.*` with their limits (sandbox-limits.ts). soap-response.test.ts ties both to SANDBOX_FAULT_CODES.
 */
export type WordedSandboxFault = Extract<SandboxFaultCode, SubKey<"security-header", "sandbox.fault">>;

/** The text of one of the sandbox's own faults (`sandbox.fault.<CODE>`), in `lang`. */
export function sandboxFaultText(code: WordedSandboxFault, lang: Language, params: Record<string, string | number> = {}): string {
  return serverT(lang, "security-header")(`sandbox.fault.${code}`, params);
}

/** The request's trace: its id, and the address of its decoded trace (server/sandbox/request-log.ts). */
export interface TraceReference {
  readonly id: string;
  readonly href: string;
}

function traceElement(trace: TraceReference | undefined, indent: string): string[] {
  return trace ? [`${indent}<sandbox:Trace id="${escapeXml(trace.id)}" href="${escapeXml(trace.href)}"/>`] : [];
}

/** The sandbox's own codes, for a request it cannot check at all (the fault catalogue explains each). */
export const SANDBOX_FAULT_CODES = ["UNSUPPORTED_MEDIA_TYPE", "TOO_LARGE", "UNREADABLE_BODY", "SANDBOX_SWITCHED_OFF", "SANDBOX_BUSY", "RATE_LIMITED", "SANDBOX_OVERLOADED"] as const;
export type SandboxFaultCode = (typeof SANDBOX_FAULT_CODES)[number];

/**
 * Each Finding of a Fault's detail links to its entry of the fault catalogue (`href`, the catalogue
 * page's absolute address plus `#CODE`); `catalogue` is that page's address for this request.
 */
function findingElement(code: string, message: string, catalogue: string | undefined, params: Readonly<Record<string, string | number>> = {}, element = "Finding"): string {
  const href = catalogue === undefined ? "" : ` href="${escapeXml(`${catalogue}#${code}`)}"`;
  const attributes = Object.entries(params)
    .filter(([name]) => PARAM_NAME.test(name))
    .map(([name, value]) => ` param:${name}="${escapeXml(String(value))}"`)
    .join("");
  return `<sandbox:${element} code="${escapeXml(code)}"${href}${attributes}>${escapeXml(message)}</sandbox:${element}>`;
}

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

/**
 * A SOAP 1.1 Fault (sent with HTTP 500, as SOAP 1.1 §6.2 prescribes) for the first error finding. Its
 * texts are in `lang` (the request's Accept-Language); its codes and params are the same in any language.
 */
export function securityFault(findings: readonly VerificationFinding[], catalogue?: string, lang: Language = DEFAULT_LANGUAGE, trace?: TraceReference): string {
  const errors = findings.filter((finding) => finding.severity === "error");
  const first = errors[0] ?? findings[0];
  const code = first ? faultCodeFor(first) : "wsse:InvalidSecurity";
  const details = errors
    .map((finding) => `        ${findingElement(finding.code, findingSentence(finding, lang), catalogue, finding.params)}`)
    .join("\n");
  return envelope(
    [
      "    <soapenv:Fault>",
      `      <faultcode xmlns:wsse="${WSS_NAMESPACE}">${code}</faultcode>`,
      `      <faultstring xml:lang="${lang}">${escapeXml(first ? findingSentence(first, lang) : serverT(lang, "security-header")("sandbox.refused"))}</faultstring>`,
      "      <detail>",
      `        <sandbox:SecurityHeaderFindings xmlns:sandbox="${SANDBOX_NAMESPACE}" xmlns:param="${SANDBOX_PARAM_NAMESPACE}">`,
      details,
      ...traceElement(trace, "          "),
      "        </sandbox:SecurityHeaderFindings>",
      "      </detail>",
      "    </soapenv:Fault>",
    ].join("\n"),
  );
}

/** A request the sandbox cannot read at all (not XML, a DTD): a Client fault, sent with HTTP 400. */
export function clientFault(
  message: string,
  code: SandboxFaultCode | FindingCode,
  catalogue?: string,
  lang: Language = DEFAULT_LANGUAGE,
  params: Readonly<Record<string, string | number>> = {},
  trace?: TraceReference,
): string {
  return plainFault("soapenv:Client", message, code, catalogue, lang, params, trace);
}

/** The sandbox cannot check now (switched off at start, or busy): a Server fault, sent with HTTP 503. */
export function serverFault(message: string, code: SandboxFaultCode, catalogue?: string, lang: Language = DEFAULT_LANGUAGE): string {
  return plainFault("soapenv:Server", message, code, catalogue, lang, {});
}

function plainFault(
  faultCode: "soapenv:Client" | "soapenv:Server",
  message: string,
  code: string,
  catalogue: string | undefined,
  lang: Language,
  params: Readonly<Record<string, string | number>>,
  trace?: TraceReference,
): string {
  return envelope(
    [
      "    <soapenv:Fault>",
      `      <faultcode>${faultCode}</faultcode>`,
      `      <faultstring xml:lang="${lang}">${escapeXml(message)}</faultstring>`,
      "      <detail>",
      `        <sandbox:SecurityHeaderFindings xmlns:sandbox="${SANDBOX_NAMESPACE}" xmlns:param="${SANDBOX_PARAM_NAMESPACE}">`,
      `          ${findingElement(code, message, catalogue, params)}`,
      ...traceElement(trace, "          "),
      "        </sandbox:SecurityHeaderFindings>",
      "      </detail>",
      "    </soapenv:Fault>",
    ].join("\n"),
  );
}

/** HTTP 200: the header was accepted; names the user and the form it used, nothing secret. */
export function acceptedResponse(result: VerificationResult, lang: Language = DEFAULT_LANGUAGE, catalogue?: string, trace?: TraceReference): string {
  const warnings = result.findings
    .map((finding) => `      ${findingElement(finding.code, findingSentence(finding, lang), catalogue, finding.params, "Warning")}`)
    .join("\n");
  return envelope(
    [
      `    <sandbox:SecurityHeaderAccepted xmlns:sandbox="${SANDBOX_NAMESPACE}" xmlns:param="${SANDBOX_PARAM_NAMESPACE}">`,
      `      <sandbox:Username>${escapeXml(result.username ?? "")}</sandbox:Username>`,
      `      <sandbox:Form>${escapeXml(result.form ?? "")}</sandbox:Form>`,
      `      <sandbox:Created>${escapeXml(result.createdAt ?? "")}</sandbox:Created>`,
      ...(warnings ? [warnings] : []),
      ...traceElement(trace, "      "),
      "    </sandbox:SecurityHeaderAccepted>",
    ].join("\n"),
  );
}
