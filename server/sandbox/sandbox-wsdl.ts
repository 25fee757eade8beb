import type { Request } from "express";
import { escapeXml, MAX_VERIFY_INPUT_BYTES, SOAP_ENVELOPE_NAMESPACE, WSS_NAMESPACE } from "@areaoe/security-header";
import { BASE_PATH } from "../../app/server-surface";
import { SANDBOX_NAMESPACE, SANDBOX_PARAM_NAMESPACE } from "./soap-response";
import type { HeaderCheckQuotas } from "./sandbox-limits";

/** Does the query ask for the WSDL (`?wsdl`, `?WSDL`, as SOAP tools write it)? */
export function asksForWsdl(req: Request): boolean {
  return Object.keys(req.query).some((key) => key.toLowerCase() === "wsdl");
}

const WSDL_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/";
const WSDL_SOAP_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/soap/";
const XS_NAMESPACE = "http://www.w3.org/2001/XMLSchema";

/**
 * A SOAP 1.1 document/literal WSDL 1.1 of the sandbox's one operation, CheckSecurityHeader, as the
 * endpoint really takes and answers it: any request Body (the element below allows any content, and the
 * sandbox reads only the Header), the response of `acceptedResponse` and, in a Fault's detail, the
 * findings of `securityFault` (soap-response.ts); its documentation states the quotas of both tiers, the
 * size limit and the test headers. `address` is the endpoint's absolute URL. The fault is named as the
 * element of its detail (SecurityHeaderFindings): PHP's SoapClient finds a fault's declaration by the
 * name of the detail's element, and only then reads the detail with its schema (attributes included). Every answer validates
 * against its schema (sandbox-wsdl.test.ts, with libxml2's validator through lxml), and no attribute is
 * named `href` (PHP's SoapClient reads one as a SOAP-encoding reference). The document is written in
 * its parts, one builder each below, in the order WSDL 1.1 puts them.
 */
export function sandboxWsdl(address: string, quotas: HeaderCheckQuotas): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="AreaOESecurityHeaderSandbox" targetNamespace="${SANDBOX_NAMESPACE}"
    xmlns:wsdl="${WSDL_NAMESPACE}" xmlns:soap="${WSDL_SOAP_NAMESPACE}" xmlns:xs="${XS_NAMESPACE}" xmlns:tns="${SANDBOX_NAMESPACE}">
${wsdlDocumentation(quotas)}${wsdlTypes()}${wsdlMessages()}${wsdlPortType()}${wsdlBinding()}${wsdlService(address)}</wsdl:definitions>
`;
}

/** What a SoapUI or stock client's user reads first: what is checked, the size limit, both tiers' quotas and the test headers. */
function wsdlDocumentation(quotas: HeaderCheckQuotas): string {
  const kilobytes = MAX_VERIFY_INPUT_BYTES / 1024;
  return `  <wsdl:documentation>areaOE security header sandbox: checks the WS-Security header (namespace ${WSS_NAMESPACE}) of a SOAP 1.1 request against the portal's LOCAL TEST certificate. Every request needs a fresh header in its soapenv:Header (envelope namespace ${SOAP_ENVELOPE_NAMESPACE}); the Body is not read beyond the start of its element. A request is at most ${kilobytes} KB (text/xml). Quotas: without a key, ${quotas.sandboxPerMinute} checks a minute per address; with an integrator's own sandbox key (HTTP header Authorization: Bearer aoe_sbx_..., made on the portal's sandbox keys page after signing in), ${quotas.sandboxKeyPerMinute} checks a minute per key, whatever the address; each a window of a minute that may be spent at once, announced by the IETF RateLimit and RateLimit-Policy headers; past it a Fault RATE_LIMITED (HTTP 429, Retry-After). All clients together share ${quotas.allClientsPerSecond} checks a second, in turn (a Fault SANDBOX_OVERLOADED or SANDBOX_BUSY, HTTP 503, Retry-After; not counted against the quota). Optional HTTP headers: X-Areaoe-As-Of (a date within the published keys' span, GET ${BASE_PATH}/sandbox/keys) judges the keys as of that date; X-Areaoe-Strict: 1 refuses any warning (a replayed header included) with a Fault.</wsdl:documentation>
`;
}

/** The schema of the Body's element, of the accepted response and of a Fault's detail. */
function wsdlTypes(): string {
  return `  <wsdl:types>
    <xs:schema targetNamespace="${SANDBOX_NAMESPACE}" elementFormDefault="qualified" xmlns:tns="${SANDBOX_NAMESPACE}">
${requestElement()}${noteType()}${traceReferenceType()}${acceptedElement()}${findingsElement()}    </xs:schema>
  </wsdl:types>
`;
}

/** The request Body: any content (the sandbox reads only the Header). */
function requestElement(): string {
  return `      <xs:element name="CheckSecurityHeader">
        <xs:annotation><xs:documentation>The request Body. The sandbox reads only the Header; any content is accepted here.</xs:documentation></xs:annotation>
        <xs:complexType>
          <xs:sequence>
            <xs:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
`;
}

/** A Finding or a Warning: its text, its catalogue code and link, and its values as attributes of their own namespace. */
function noteType(): string {
  return `      <xs:complexType name="Note">
        <xs:simpleContent>
          <xs:extension base="xs:string">
            <xs:attribute name="code" type="xs:string" use="required"/>
            <xs:attribute name="catalogue" type="xs:anyURI" use="optional">
              <xs:annotation><xs:documentation>A Finding's entry in the portal's fault catalogue, in the answer's language (the code as anchor).</xs:documentation></xs:annotation>
            </xs:attribute>
            <xs:anyAttribute namespace="${SANDBOX_PARAM_NAMESPACE}" processContents="skip">
              <xs:annotation><xs:documentation>The finding's values (element, found, expected, likelyCause, offsetHours, ...), one attribute each, the same in every language; the text follows the request's Accept-Language (pt or en).</xs:documentation></xs:annotation>
            </xs:anyAttribute>
          </xs:extension>
        </xs:simpleContent>
      </xs:complexType>
`;
}

/** The request's decoded trace: its id and address. */
function traceReferenceType(): string {
  return `      <xs:complexType name="TraceReference">
        <xs:annotation><xs:documentation>The request's decoded trace, kept 24 hours within the bytes its client may keep: its id (also in the X-Areaoe-Trace-Id response header) and its address (HTML, or JSON with Accept: application/json). A trace made with a sandbox key opens only with that key (Authorization: Bearer) or for its signed-in owner; GET ${BASE_PATH}/sandbox/requests with the key lists its traces.</xs:documentation></xs:annotation>
        <xs:attribute name="id" type="xs:string" use="required"/>
        <xs:attribute name="address" type="xs:anyURI" use="required"/>
      </xs:complexType>
`;
}

/** HTTP 200: the accepted header's username, form, creation time, warnings and trace (acceptedResponse). */
function acceptedElement(): string {
  return `      <xs:element name="SecurityHeaderAccepted">
        <xs:annotation><xs:documentation>HTTP 200: the header was accepted. Warnings do not refuse it.</xs:documentation></xs:annotation>
        <xs:complexType>
          <xs:sequence>
            <xs:element name="Username" type="xs:string"/>
            <xs:element name="Form">
              <xs:simpleType>
                <xs:restriction base="xs:string">
                  <xs:enumeration value="digest"/>
                  <xs:enumeration value="encrypted-created"/>
                </xs:restriction>
              </xs:simpleType>
            </xs:element>
            <xs:element name="Created" type="xs:string"/>
            <xs:element name="Warning" type="tns:Note" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element name="Trace" type="tns:TraceReference" minOccurs="0"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
`;
}

/** A Fault's detail: the findings in the order to fix them, and the trace (securityFault). */
function findingsElement(): string {
  return `      <xs:element name="SecurityHeaderFindings">
        <xs:annotation><xs:documentation>In the detail of every Fault (HTTP 500 for a refused header; 400 when the request cannot be read; 401 for an unknown key; 429 past the quota; 503 when the sandbox cannot check now): what is wrong, in the order to fix it, each Finding with its catalogue code.</xs:documentation></xs:annotation>
        <xs:complexType>
          <xs:sequence>
            <xs:element name="Finding" type="tns:Note" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element name="Trace" type="tns:TraceReference" minOccurs="0"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
`;
}

/** The messages of the one operation: its request, its response and its fault. */
function wsdlMessages(): string {
  return `  <wsdl:message name="CheckSecurityHeaderRequest">
    <wsdl:part name="parameters" element="tns:CheckSecurityHeader"/>
  </wsdl:message>
  <wsdl:message name="CheckSecurityHeaderResponse">
    <wsdl:part name="parameters" element="tns:SecurityHeaderAccepted"/>
  </wsdl:message>
  <wsdl:message name="SecurityHeaderRefused">
    <wsdl:part name="detail" element="tns:SecurityHeaderFindings"/>
  </wsdl:message>
`;
}

/** The one operation, abstractly: its input, its output and its fault. */
function wsdlPortType(): string {
  return `  <wsdl:portType name="SecurityHeaderSandbox">
    <wsdl:operation name="CheckSecurityHeader">
      <wsdl:input message="tns:CheckSecurityHeaderRequest"/>
      <wsdl:output message="tns:CheckSecurityHeaderResponse"/>
      <wsdl:fault name="SecurityHeaderFindings" message="tns:SecurityHeaderRefused"/>
    </wsdl:operation>
  </wsdl:portType>
`;
}

/** SOAP 1.1 over HTTP, document/literal, with an empty SOAPAction. */
function wsdlBinding(): string {
  return `  <wsdl:binding name="SecurityHeaderSandboxSoap11" type="tns:SecurityHeaderSandbox">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="CheckSecurityHeader">
      <soap:operation soapAction="" style="document"/>
      <wsdl:input><soap:body use="literal"/></wsdl:input>
      <wsdl:output><soap:body use="literal"/></wsdl:output>
      <wsdl:fault name="SecurityHeaderFindings"><soap:fault name="SecurityHeaderFindings" use="literal"/></wsdl:fault>
    </wsdl:operation>
  </wsdl:binding>
`;
}

/** The endpoint: the address the WSDL was fetched from. */
function wsdlService(address: string): string {
  return `  <wsdl:service name="SecurityHeaderSandbox">
    <wsdl:port name="SecurityHeaderSandboxSoap11" binding="tns:SecurityHeaderSandboxSoap11">
      <soap:address location="${escapeXml(address)}"/>
    </wsdl:port>
  </wsdl:service>
`;
}
