// What both entries export besides generateSecurityHeader (no node: imports here or below).
export {
  authorityKeyWarnings,
  CERT_EXPIRY_WARNING_DAYS,
  CLI_TEST_KEY_CN,
  LOCAL_TEST_AUTHORITY_CN,
  LOCAL_TEST_KEY_ORGANIZATION,
  MIN_RSA_KEY_BITS,
  sandboxTestKeyCommonName,
  type AuthorityKey,
  type CertificateInfo,
} from "./authority-key.js";
export { formatCreated, HEADER_VALIDITY_MS } from "./created.js";
export { MAX_VERIFY_INPUT_BYTES } from "./limits.js";
export {
  isSecurityHeaderError,
  SecurityHeaderError,
  type SecurityHeaderErrorCode,
  type SecurityHeaderWarning,
  type SecurityHeaderWarningCode,
  type UsernameProblem,
} from "./errors.js";
export type { GenerateSecurityHeader, SecurityHeader, SecurityHeaderOptions } from "./header-core.js";
export { DEFAULT_HEADER_FORM, HEADER_FORMS, isHeaderForm, type HeaderForm } from "./header-form.js";
export type { AuthorityPublicKeyInput, RsaPublicJwk } from "./public-key.js";
export { isValidNif, nifCheckDigit, usernameProblem, validateUsername, type ValidatedUsername } from "./username.js";
export { buildSecurityXml, escapeXml, SOAP_ENVELOPE_NAMESPACE, wrapInEnvelope, WSS_NAMESPACE } from "./xml.js";
