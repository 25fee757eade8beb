import type { UsernameProblem } from "@areaoe/security-header";

/**
 * The form's message (key under `errors.`) for each part of a username the library's NIF/UserID rule
 * refuses (`SecurityHeaderError.usernameProblem`). The rule itself lives only in the library; a new
 * problem there fails the typecheck here until it has a message.
 */
const MESSAGE_KEYS: Record<UsernameProblem, string> = {
  SPACES: "usernameSpaces",
  NO_SLASH: "usernameSlash",
  NIF_DIGITS: "usernameNifDigits",
  USER_ID_MISSING: "usernameUserIdMissing",
  USER_ID_DIGITS: "usernameUserIdDigits",
  FORMAT: "usernameFormat",
};

export function usernameMessageKey(problem: UsernameProblem | undefined): string {
  return MESSAGE_KEYS[problem ?? "FORMAT"];
}
