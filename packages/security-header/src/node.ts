// Node-only entry (`@areaoe/security-header/node`): files, certificates, the local test key pair and
// the verifier. The generator here is the node:crypto one (the same as the package's "node" condition).
export { generateSecurityHeader } from "./header.node.js";
export { readAuthorityKeyFile } from "./key-file.js";
export {
  defaultCliTestKeyDir,
  defaultLocalTestKeyDir,
  ensureLocalTestKeyPair,
  generateTestKeyPair,
  LOCAL_TEST_KEY_BITS,
  type LocalTestKeyPair,
  type LocalTestKeyPairOptions,
  type TestKeyPairSpec,
} from "./local-test-key-pair.js";
export { authorityCertificateDer, parseAuthorityKey } from "./parse-authority-key.js";
export { MAX_VERIFY_INPUT_BYTES, verifySecurityHeader, type VerificationResult, type VerifyOptions } from "./verify.js";
export { ImplicitRejectionUnavailableError, probeImplicitRejection, type ImplicitRejectionProbe, type VerifierPrivateKey } from "./verify-crypto.js";
export {
  FINDING_CODES,
  type DigestMismatchCause,
  type FindingCode,
  type CreatedCause,
  type NonceUndecryptableCause,
  type VerificationFinding,
} from "./verify-findings.js";
export { DEFAULT_KEY_ID, VERIFIER_KEY_STATUSES, type VerifierKeyEntry, type VerifierKeyStatus } from "./verify-keys.js";
export {
  VERIFICATION_TRACE_VERSION,
  type TraceElement,
  type TraceHashedPart,
  type TraceKey,
  type TraceNamespace,
  type TraceStep,
  type VerificationTrace,
} from "./verify-trace.js";
