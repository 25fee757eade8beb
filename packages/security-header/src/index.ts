// Browser-safe entry: no node: imports here or in anything it imports.
export {
  authorityKeyWarnings,
  CERT_EXPIRY_WARNING_DAYS,
  LOCAL_TEST_AUTHORITY_CN,
  MIN_RSA_KEY_BITS,
  parseAuthorityKey,
  type AuthorityKey,
  type AuthorityKeyInput,
  type CertificateInfo,
} from "./authority-key.js";
export { formatCreated, HEADER_VALIDITY_MS } from "./created.js";
export {
  isSecurityHeaderError,
  SecurityHeaderError,
  type SecurityHeaderErrorCode,
  type SecurityHeaderWarning,
  type SecurityHeaderWarningCode,
} from "./errors.js";
export { generateSecurityHeader, type SecurityHeader, type SecurityHeaderOptions } from "./header.js";
export { isValidNif, nifCheckDigit, validateUsername, type ValidatedUsername } from "./username.js";
export { escapeXml, SOAP_ENVELOPE_NAMESPACE, wrapInEnvelope, WSS_NAMESPACE } from "./xml.js";
