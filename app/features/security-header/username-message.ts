import type { UsernameProblem } from "@areaoe/security-header";
import type { SubKey } from "~/i18n/text-keys";

/**
 * The form's message (key under `errors.`) for each part of a username the library's NIF/UserID rule
 * refuses (`SecurityHeaderError.usernameProblem`). The rule itself lives only in the library; a new
 * problem there fails the typecheck here until it has a message.
 */
const MESSAGE_KEYS = {
  SPACES: "usernameSpaces",
  NO_SLASH: "usernameSlash",
  NIF_DIGITS: "usernameNifDigits",
  USER_ID_MISSING: "usernameUserIdMissing",
  USER_ID_DIGITS: "usernameUserIdDigits",
  FORMAT: "usernameFormat",
} as const satisfies Record<UsernameProblem, SubKey<"security-header", "errors">>;

export function usernameMessageKey(problem: UsernameProblem | undefined): (typeof MESSAGE_KEYS)[UsernameProblem] {
  return MESSAGE_KEYS[problem ?? "FORMAT"];
}
