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

/**
 * Which part of a username breaks the NIF/UserID rule (with INVALID_USERNAME), so that a form can say
 * what to fix: spaces, no slash, a NIF that is not 9 digits, no user number or one with other
 * characters than digits, or another shape (several slashes).
 */
export type UsernameProblem = "SPACES" | "NO_SLASH" | "NIF_DIGITS" | "USER_ID_MISSING" | "USER_ID_DIGITS" | "FORMAT";

export class SecurityHeaderError extends Error {
  readonly code: SecurityHeaderErrorCode;
  /** With INVALID_USERNAME: which part of the username is wrong. */
  readonly usernameProblem?: UsernameProblem;

  constructor(code: SecurityHeaderErrorCode, message: string, details: { usernameProblem?: UsernameProblem } = {}) {
    super(message);
    this.name = "SecurityHeaderError";
    this.code = code;
    if (details.usernameProblem) this.usernameProblem = details.usernameProblem;
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
