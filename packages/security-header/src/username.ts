import { SecurityHeaderError, type SecurityHeaderWarning, type UsernameProblem } from "./errors.js";

const USERNAME_PATTERN = /^(\d{9})\/(\d+)$/;

export interface ValidatedUsername {
  readonly username: string;
  readonly nif: string;
  readonly userId: string;
  readonly nifCheckDigitValid: boolean;
  readonly warnings: readonly SecurityHeaderWarning[];
}

/**
 * The NIF/UserID rule, stated once: which part of `username` breaks it, or null when it follows it.
 * validateUsername throws with this as the error's `usernameProblem`; the verifier uses it too.
 */
export function usernameProblem(username: unknown): UsernameProblem | null {
  if (typeof username !== "string") return "FORMAT";
  if (USERNAME_PATTERN.test(username)) return null;
  if (/\s/.test(username)) return "SPACES";
  const parts = username.split("/");
  if (parts.length !== 2) return parts.length < 2 ? "NO_SLASH" : "FORMAT";
  const [nif = "", userId = ""] = parts;
  if (!/^\d{9}$/.test(nif)) return "NIF_DIGITS";
  if (userId === "") return "USER_ID_MISSING";
  if (!/^\d+$/.test(userId)) return "USER_ID_DIGITS";
  return "FORMAT";
}

/** Portuguese NIF mod-11 check digit: weights 9..2 over the first 8 digits. */
export function nifCheckDigit(nif: string): number {
  if (!/^\d{9}$/.test(nif)) throw new SecurityHeaderError("INVALID_USERNAME", "A NIF has exactly 9 digits");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nif[i]) * (9 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function isValidNif(nif: string): boolean {
  return /^\d{9}$/.test(nif) && nifCheckDigit(nif) === Number(nif[8]);
}

/**
 * Accepts `NIF/UserID` (9 digits, a slash, the sub-user number). A wrong NIF check digit is only a
 * warning: the authority's documentation examples (555555555/1) fail it and must still work.
 */
export function validateUsername(username: string): ValidatedUsername {
  // A form or a server makes many headers for the same few users: remember the last answers.
  const known = typeof username === "string" ? recent.get(username) : undefined;
  if (known) return known;
  const result = checkUsername(username);
  if (recent.size >= MAX_REMEMBERED) recent.delete(recent.keys().next().value as string);
  recent.set(username, result);
  return result;
}

const recent = new Map<string, ValidatedUsername>();
const MAX_REMEMBERED = 16;

function checkUsername(username: string): ValidatedUsername {
  const problem = usernameProblem(username);
  const match = problem === null ? USERNAME_PATTERN.exec(username) : null;
  if (!match) {
    throw new SecurityHeaderError(
      "INVALID_USERNAME",
      "Username must be NIF/UserID: 9 digits, a slash and the sub-user number, e.g. 123456789/1",
      { usernameProblem: problem ?? "FORMAT" },
    );
  }
  const nif = match[1] ?? "";
  const userId = match[2] ?? "";
  const nifCheckDigitValid = isValidNif(nif);
  const warnings: SecurityHeaderWarning[] = nifCheckDigitValid
    ? []
    : [
        {
          code: "NIF_CHECK_DIGIT",
          message: `The NIF ${nif} fails the check digit test (expected last digit ${nifCheckDigit(nif)}); the header was still generated`,
        },
      ];
  return Object.freeze({ username, nif, userId, nifCheckDigitValid, warnings: Object.freeze(warnings) });
}
