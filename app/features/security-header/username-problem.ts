/**
 * Why a username fails the library's NIF/UserID rule (`validateUsername` throws INVALID_USERNAME
 * with one generic message); the form uses this to say specifically what to fix. Returns the i18n
 * key (under `errors.`) of the message. Only called after the library has refused the value.
 */
export type UsernameProblem =
  | "usernameSpaces"
  | "usernameSlash"
  | "usernameNifDigits"
  | "usernameUserIdMissing"
  | "usernameUserIdDigits"
  | "usernameFormat";

export function usernameProblem(username: string): UsernameProblem {
  if (/\s/.test(username)) return "usernameSpaces";
  const parts = username.split("/");
  if (parts.length !== 2) return parts.length < 2 ? "usernameSlash" : "usernameFormat";
  const [nif = "", userId = ""] = parts;
  if (!/^\d{9}$/.test(nif)) return "usernameNifDigits";
  if (userId === "") return "usernameUserIdMissing";
  if (!/^\d+$/.test(userId)) return "usernameUserIdDigits";
  return "usernameFormat";
}
