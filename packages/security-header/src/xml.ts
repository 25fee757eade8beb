/** Escapes text for XML element content and double-quoted attribute values. */
export function escapeXml(text: string): string {
  // Most text (Base64 above all) has nothing to escape: test first, replace only when needed.
  return XML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char) : text;
}

const XML_SPECIAL = /[&<>"']/;

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

/** The fields of one header as they go into the XML (already encrypted and Base64-encoded). */
export interface SecurityXmlFields {
  readonly username: string;
  readonly password: string;
  /** The `Digest` attribute of Password; null in the `encrypted-created` form (no attribute). */
  readonly digest: string | null;
  readonly nonce: string;
  readonly created: string;
}

/** `<wss:Security>` with one UsernameToken, as both implementations write it. */
export function buildSecurityXml(fields: SecurityXmlFields): string {
  const digest = fields.digest === null ? "" : ` Digest="${escapeXml(fields.digest)}"`;
  return [
    `<wss:Security xmlns:wss="${WSS_NAMESPACE}">`,
    "  <wss:UsernameToken>",
    `    <wss:Username>${escapeXml(fields.username)}</wss:Username>`,
    `    <wss:Password${digest}>${escapeXml(fields.password)}</wss:Password>`,
    `    <wss:Nonce>${escapeXml(fields.nonce)}</wss:Nonce>`,
    `    <wss:Created>${escapeXml(fields.created)}</wss:Created>`,
    "  </wss:UsernameToken>",
    "</wss:Security>",
  ].join("\n");
}
