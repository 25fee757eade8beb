// The crypto code of the page: loaded with import() when the form is first used, never in the
// shared chunks. Nothing here talks to the network. In the browser the package's "browser" export
// condition gives WebCrypto + @noble/ciphers + forge's jsbn (no certificate parsing: the server
// sends the public key as a JWK).
import {
  generateSecurityHeader,
  isSecurityHeaderError,
  wrapInEnvelope,
  type HeaderForm,
  type RsaPublicJwk,
  type SecurityHeaderErrorCode,
  type UsernameProblem,
} from "@areaoe/security-header";

export interface GenerateRequest {
  username: string;
  password: string;
  /** The environment's public key (JWK) from the loader. */
  publicKey: RsaPublicJwk;
  form: HeaderForm;
  envelope: boolean;
  /** Created; the device clock when absent (the form passes the clock corrected by the server's). */
  now?: Date;
}

export type GenerateOutcome =
  | {
      ok: true;
      /** What the visitor copies: the header, or a SOAP envelope holding it. */
      text: string;
      form: HeaderForm;
      createdAt: string;
      expiresAtMs: number;
      /** The NIF, when it fails the check digit (a warning: the header is still made). */
      nifCheckDigitWarning: string | null;
    }
  | {
      ok: false;
      code: SecurityHeaderErrorCode | "UNEXPECTED";
      /** With INVALID_USERNAME: which part the library found wrong. */
      usernameProblem?: UsernameProblem;
    };

export async function generateHeader(request: GenerateRequest): Promise<GenerateOutcome> {
  try {
    const header = await generateSecurityHeader({
      username: request.username,
      password: request.password,
      publicKey: request.publicKey,
      form: request.form,
      now: request.now,
    });
    const nifWarning = header.warnings.some((warning) => warning.code === "NIF_CHECK_DIGIT");
    return {
      ok: true,
      text: request.envelope ? wrapInEnvelope(header.xml) : header.xml,
      form: header.form,
      createdAt: header.createdAt,
      expiresAtMs: Date.parse(header.expiresAt),
      nifCheckDigitWarning: nifWarning ? request.username.split("/")[0] ?? null : null,
    };
  } catch (error) {
    // The library's messages never hold the password; we pass on only the code anyway.
    if (!isSecurityHeaderError(error)) return { ok: false, code: "UNEXPECTED" };
    return { ok: false, code: error.code, usernameProblem: error.usernameProblem };
  }
}
