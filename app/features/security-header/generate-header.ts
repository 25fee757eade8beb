// The crypto code of the page: loaded with import() when the form is first used, never in the
// shared chunks. Nothing here talks to the network.
import {
  generateSecurityHeader,
  isSecurityHeaderError,
  parseAuthorityKey,
  wrapInEnvelope,
  type AuthorityKey,
  type SecurityHeaderErrorCode,
} from "@areaoe/security-header";

export interface GenerateRequest {
  username: string;
  password: string;
  /** The environment's certificate (PEM) from the loader. */
  certificatePem: string;
  createdInClear: boolean;
  envelope: boolean;
}

export type GenerateOutcome =
  | {
      ok: true;
      /** What the visitor copies: the header, or a SOAP envelope holding it. */
      text: string;
      createdAt: string;
      expiresAtMs: number;
      /** The NIF, when it fails the check digit (a warning: the header is still made). */
      nifCheckDigitWarning: string | null;
    }
  | { ok: false; code: SecurityHeaderErrorCode | "UNEXPECTED" };

// A page parses each certificate once (forge's parsing of a 4096-bit certificate is not free).
const parsedKeys = new Map<string, AuthorityKey>();

export async function generateHeader(request: GenerateRequest): Promise<GenerateOutcome> {
  try {
    let key = parsedKeys.get(request.certificatePem);
    if (!key) {
      key = parseAuthorityKey(request.certificatePem);
      parsedKeys.set(request.certificatePem, key);
    }
    const header = await generateSecurityHeader({
      username: request.username,
      password: request.password,
      publicKey: key,
      createdInClear: request.createdInClear,
    });
    const nifWarning = header.warnings.some((warning) => warning.code === "NIF_CHECK_DIGIT");
    return {
      ok: true,
      text: request.envelope ? wrapInEnvelope(header.xml) : header.xml,
      createdAt: header.createdAt,
      expiresAtMs: Date.parse(header.expiresAt),
      nifCheckDigitWarning: nifWarning ? request.username.split("/")[0] ?? null : null,
    };
  } catch (error) {
    // The library's messages never hold the password; we pass on only the code anyway.
    return { ok: false, code: isSecurityHeaderError(error) ? error.code : "UNEXPECTED" };
  }
}
