import type { FindingCode, VerificationFinding, VerificationResult } from "@areaoe/security-header/node";
import { escapeXml, SOAP_ENVELOPE_NAMESPACE, WSS_NAMESPACE } from "@areaoe/security-header";
import { DEFAULT_LANGUAGE, findingRecord, findingText, sandboxFaultWordingKey, serverT, type Language, type SandboxAnswer, type SubKey } from "../../app/server-surface";

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

/** The sandbox's own faults worded by `sandbox.fault.<CODE>` (the others by their quota's text, `sandboxLimits.*`). */
export type WordedSandboxFault = Extract<SandboxFaultCode, SubKey<"security-header", "sandbox.fault">>;
/** The keys that word the sandbox's own faults (app/config/finding-wording.ts's rule; finding-records.test.ts checks each has its texts). */
type SandboxFaultWording = `sandbox.fault.${WordedSandboxFault}` | "sandboxLimits.rateLimited" | "sandboxLimits.overloaded";

/** The text of one of the sandbox's own faults (`sandbox.fault.<CODE>`, or its quota's text), in `lang`. */
export function sandboxFaultText(code: SandboxFaultCode, lang: Language, params: Record<string, string | number> = {}): string {
  return serverT(lang, "security-header")(sandboxFaultWordingKey(code) as SandboxFaultWording, params);
}

/**
 * What the sandbox answers for a code (HTTP status, SOAP `faultcode`), from the code's record in the fault
 * catalogue (app/config/finding-records.ts); null for a warning, or a code without a record.
 */
export function sandboxAnswerFor(code: string): SandboxAnswer | null {
  return findingRecord(code)?.sandbox ?? null;
}

/** The HTTP status of one of the sandbox's own faults, from its record (RATE_LIMITED: 429, …). */
export function sandboxFaultStatus(code: SandboxFaultCode): number {
  const answer = sandboxAnswerFor(code);
  if (!answer) throw new Error(`The sandbox fault ${code} has no record in content/faults/security-header-faults.json.`);
  return answer.httpStatus;
}

/** The request's trace: its id, and the address of its decoded trace (server/sandbox/request-log.ts). */
export interface TraceReference {
  readonly id: string;
  readonly href: string;
}

// No attribute of an answer is named `href`: PHP's SoapClient reads any `href` as a SOAP-encoding
// reference (multiRef) and stops with "SOAP-ERROR: Encoding: External reference" on an address, so the
// addresses are `address` (the trace) and `catalogue` (a finding's entry), as the WSDL declares them.
function traceElement(trace: TraceReference | undefined, indent: string, typed = false): string[] {
  return trace ? [`${indent}<sandbox:Trace${typed ? ' xsi:type="sandbox:TraceReference"' : ""} id="${escapeXml(trace.id)}" address="${escapeXml(trace.href)}"/>`] : [];
}

/**
 * A Fault's detail names the schema type of each of its elements (`xsi:type`): PHP's SoapClient reads
 * a detail without the WSDL (its generic decoding keeps an element's text and drops its attributes),
 * unless the element says its type, which it then finds in the WSDL: the code and catalogue address of
 * each Finding reach the client's SoapFault->detail.
 */
const XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance";
const detailOpen = `<sandbox:SecurityHeaderFindings xmlns:sandbox="${SANDBOX_NAMESPACE}" xmlns:param="${SANDBOX_PARAM_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}">`;

/**
 * The sandbox's own codes, for a request it cannot check at all, as the code names them (typed at each
 * call); everything else about them is in their records (the fault catalogue), and
 * scripts/checks/content/finding-records.test.ts names a code here without its record, or the reverse.
 */
export const SANDBOX_FAULT_CODES = [
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_LARGE",
  "UNREADABLE_BODY",
  "SANDBOX_KEY_UNKNOWN",
  "AS_OF_INVALID",
  "SANDBOX_SWITCHED_OFF",
  "SANDBOX_BUSY",
  "RATE_LIMITED",
  "SANDBOX_OVERLOADED",
] as const;
export type SandboxFaultCode = (typeof SANDBOX_FAULT_CODES)[number];

/**
 * Each Finding of a Fault's detail links to its entry of the fault catalogue (`catalogue`, the
 * catalogue page's absolute address in the answer's language plus `#CODE`); `catalogue` is that page's
 * address for this request.
 */
function findingElement(code: string, message: string, catalogue: string | undefined, params: Readonly<Record<string, string | number>> = {}, element = "Finding", typed = false): string {
  const href = catalogue === undefined ? "" : ` catalogue="${escapeXml(`${catalogue}#${code}`)}"`;
  const attributes = Object.entries(params)
    .filter(([name]) => PARAM_NAME.test(name))
    .map(([name, value]) => ` param:${name}="${escapeXml(String(value))}"`)
    .join("");
  return `<sandbox:${element}${typed ? ' xsi:type="sandbox:Note"' : ""} code="${escapeXml(code)}"${href}${attributes}>${escapeXml(message)}</sandbox:${element}>`;
}

/**
 * WS-Security 1.0 §12 fault codes, by what the finding says is wrong; an envelope of another SOAP
 * version gets SOAP 1.1's own VersionMismatch (SOAP 1.1 §4.4.1).
 */
export type SecurityFaultCode = "wsse:InvalidSecurity" | "wsse:FailedAuthentication" | "wsse:MessageExpired" | "soapenv:VersionMismatch";

export const SECURITY_FAULT_CODES: readonly SecurityFaultCode[] = ["wsse:InvalidSecurity", "wsse:FailedAuthentication", "wsse:MessageExpired", "soapenv:VersionMismatch"];

/** The Fault's `faultcode` for a finding the sandbox answers with HTTP 500: its record's (InvalidSecurity when it has none). */
export function faultCodeFor(finding: Pick<VerificationFinding, "code">): SecurityFaultCode {
  const answer = sandboxAnswerFor(finding.code);
  const faultcode = answer?.httpStatus === 500 ? answer.faultcode : undefined;
  return SECURITY_FAULT_CODES.find((candidate) => candidate === faultcode) ?? "wsse:InvalidSecurity";
}

/** A finding that means the request could not be read at all: its record answers a Client fault (HTTP 400). */
export function isUnreadableFinding(finding: Pick<VerificationFinding, "code">): boolean {
  return sandboxAnswerFor(finding.code)?.faultcode === "soapenv:Client";
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
    .map((finding) => `        ${findingElement(finding.code, findingSentence(finding, lang), catalogue, finding.params, "Finding", true)}`)
    .join("\n");
  return envelope(
    [
      "    <soapenv:Fault>",
      `      <faultcode xmlns:wsse="${WSS_NAMESPACE}">${code}</faultcode>`,
      `      <faultstring xml:lang="${lang}">${escapeXml(first ? findingSentence(first, lang) : serverT(lang, "security-header")("sandbox.refused"))}</faultstring>`,
      "      <detail>",
      `        ${detailOpen}`,
      details,
      ...traceElement(trace, "          ", true),
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
export function serverFault(message: string, code: SandboxFaultCode, catalogue?: string, lang: Language = DEFAULT_LANGUAGE, params: Readonly<Record<string, string | number>> = {}): string {
  return plainFault("soapenv:Server", message, code, catalogue, lang, params);
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
      `        ${detailOpen}`,
      `          ${findingElement(code, message, catalogue, params, "Finding", true)}`,
      ...traceElement(trace, "          ", true),
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
