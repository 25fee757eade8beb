/**
 * Error codes are the contract with callers: the portal translates by code, the CLI maps them to
 * exit codes. Messages are English, specific, and never contain the password or key bytes.
 */
export type SecurityHeaderErrorCode =
  | "INVALID_USERNAME"
  | "EMPTY_PASSWORD"
  | "INVALID_PASSWORD"
  | "UNREADABLE_KEY"
  | "PRIVATE_KEY_GIVEN"
  | "NOT_RSA_KEY"
  | "KEY_TOO_SMALL"
  | "INVALID_DATE"
  | "RANDOM_UNAVAILABLE"
  | "WEBCRYPTO_UNAVAILABLE"
  | "INVALID_FORM"
  | "KEY_FILE_NOT_FOUND"
  | "KEY_FILE_UNREADABLE";

export class SecurityHeaderError extends Error {
  readonly code: SecurityHeaderErrorCode;

  constructor(code: SecurityHeaderErrorCode, message: string) {
    super(message);
    this.name = "SecurityHeaderError";
    this.code = code;
  }
}

export function isSecurityHeaderError(value: unknown): value is SecurityHeaderError {
  return value instanceof SecurityHeaderError;
}

/** Non-fatal findings: the header is still produced, the caller should show these. */
export type SecurityHeaderWarningCode =
  | "NIF_CHECK_DIGIT"
  | "CERT_EXPIRED"
  | "CERT_EXPIRING_SOON"
  | "CERT_NOT_YET_VALID"
  | "LOCAL_TEST_KEY";

export interface SecurityHeaderWarning {
  readonly code: SecurityHeaderWarningCode;
  readonly message: string;
}
