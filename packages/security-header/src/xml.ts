/** Escapes text for XML element content and double-quoted attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export const WSS_NAMESPACE = "http://schemas.xmlsoap.org/ws/2002/12/secext";
export const SOAP_ENVELOPE_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

/** SOAP 1.1 envelope with the security header in <soapenv:Header>; `body` is inserted verbatim. */
export function wrapInEnvelope(headerXml: string, body = ""): string {
  const header = headerXml
    .trim()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
  const bodyElement = body.trim() === "" ? "  <soapenv:Body/>" : `  <soapenv:Body>\n${body}\n  </soapenv:Body>`;
  return [
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}">`,
    "  <soapenv:Header>",
    header,
    "  </soapenv:Header>",
    bodyElement,
    "</soapenv:Envelope>",
  ].join("\n");
}
