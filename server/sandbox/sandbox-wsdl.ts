import type { Request } from "express";
import { escapeXml, SOAP_ENVELOPE_NAMESPACE, WSS_NAMESPACE } from "@areaoe/security-header";
import { SANDBOX_NAMESPACE, SANDBOX_PARAM_NAMESPACE } from "./soap-response";

/** Does the query ask for the WSDL (`?wsdl`, `?WSDL`, as SOAP tools write it)? */
export function asksForWsdl(req: Request): boolean {
  return Object.keys(req.query).some((key) => key.toLowerCase() === "wsdl");
}

/**
 * A SOAP 1.1 document/literal WSDL 1.1 of the sandbox's one operation, CheckSecurityHeader, as the
 * endpoint really takes and answers it: any request Body (the element below allows any content, and the
 * sandbox reads only the Header), the response of `acceptedResponse` and, in a Fault's detail, the
 * findings of `securityFault` (soap-response.ts). `address` is the endpoint's absolute URL.
 */
export function sandboxWsdl(address: string): string {
  const wsdl = "http://schemas.xmlsoap.org/wsdl/";
  const soap = "http://schemas.xmlsoap.org/wsdl/soap/";
  const xs = "http://www.w3.org/2001/XMLSchema";
  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="AreaOESecurityHeaderSandbox" targetNamespace="${SANDBOX_NAMESPACE}"
    xmlns:wsdl="${wsdl}" xmlns:soap="${soap}" xmlns:xs="${xs}" xmlns:tns="${SANDBOX_NAMESPACE}">
  <wsdl:documentation>areaOE security header sandbox: checks the WS-Security header (namespace ${WSS_NAMESPACE}) of a SOAP 1.1 request against the portal's LOCAL TEST certificate. Every request needs a fresh header in its soapenv:Header (envelope namespace ${SOAP_ENVELOPE_NAMESPACE}); the Body is not read.</wsdl:documentation>
  <wsdl:types>
    <xs:schema targetNamespace="${SANDBOX_NAMESPACE}" elementFormDefault="qualified">
      <xs:element name="CheckSecurityHeader">
        <xs:annotation><xs:documentation>The request Body. The sandbox reads only the Header; any content is accepted here.</xs:documentation></xs:annotation>
        <xs:complexType>
          <xs:sequence>
            <xs:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:complexType name="Note">
        <xs:simpleContent>
          <xs:extension base="xs:string">
            <xs:attribute name="code" type="xs:string" use="required"/>
            <xs:attribute name="href" type="xs:anyURI" use="optional">
              <xs:annotation><xs:documentation>A Finding's entry in the portal's fault catalogue (the code as anchor).</xs:documentation></xs:annotation>
            </xs:attribute>
            <xs:anyAttribute namespace="${SANDBOX_PARAM_NAMESPACE}" processContents="skip">
              <xs:annotation><xs:documentation>The finding's values (element, found, expected, likelyCause, offsetHours, ...), one attribute each, the same in every language; the text follows the request's Accept-Language (pt or en).</xs:documentation></xs:annotation>
            </xs:anyAttribute>
          </xs:extension>
        </xs:simpleContent>
      </xs:complexType>
      <xs:complexType name="TraceReference">
        <xs:annotation><xs:documentation>The request's decoded trace, kept 24 hours: its id (also in the X-Areaoe-Trace-Id response header) and its address (HTML, or JSON with Accept: application/json).</xs:documentation></xs:annotation>
        <xs:attribute name="id" type="xs:string" use="required"/>
        <xs:attribute name="href" type="xs:anyURI" use="required"/>
      </xs:complexType>
      <xs:element name="SecurityHeaderAccepted">
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
      <xs:element name="SecurityHeaderFindings">
        <xs:annotation><xs:documentation>In the detail of a Fault (HTTP 500, or 400 when the request is not XML): what is wrong, in the order to fix it.</xs:documentation></xs:annotation>
        <xs:complexType>
          <xs:sequence>
            <xs:element name="Finding" type="tns:Note" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element name="Trace" type="tns:TraceReference" minOccurs="0"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="CheckSecurityHeaderRequest">
    <wsdl:part name="parameters" element="tns:CheckSecurityHeader"/>
  </wsdl:message>
  <wsdl:message name="CheckSecurityHeaderResponse">
    <wsdl:part name="parameters" element="tns:SecurityHeaderAccepted"/>
  </wsdl:message>
  <wsdl:message name="SecurityHeaderRefused">
    <wsdl:part name="detail" element="tns:SecurityHeaderFindings"/>
  </wsdl:message>
  <wsdl:portType name="SecurityHeaderSandbox">
    <wsdl:operation name="CheckSecurityHeader">
      <wsdl:input message="tns:CheckSecurityHeaderRequest"/>
      <wsdl:output message="tns:CheckSecurityHeaderResponse"/>
      <wsdl:fault name="SecurityHeaderRefused" message="tns:SecurityHeaderRefused"/>
    </wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="SecurityHeaderSandboxSoap11" type="tns:SecurityHeaderSandbox">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="CheckSecurityHeader">
      <soap:operation soapAction="" style="document"/>
      <wsdl:input><soap:body use="literal"/></wsdl:input>
      <wsdl:output><soap:body use="literal"/></wsdl:output>
      <wsdl:fault name="SecurityHeaderRefused"><soap:fault name="SecurityHeaderRefused" use="literal"/></wsdl:fault>
    </wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="SecurityHeaderSandbox">
    <wsdl:port name="SecurityHeaderSandboxSoap11" binding="tns:SecurityHeaderSandboxSoap11">
      <soap:address location="${escapeXml(address)}"/>
    </wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
}
