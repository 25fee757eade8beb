import { SecurityHeaderError, validateUsername } from "@areaoe/security-header";
import { describe, expect, it } from "vitest";
import { usernameMessageKey } from "./username-message";

function refusal(username: string): SecurityHeaderError {
  try {
    validateUsername(username);
  } catch (error) {
    if (error instanceof SecurityHeaderError) return error;
    throw error;
  }
  throw new Error(`accepted ${username}`);
}

describe("usernameMessageKey", () => {
  it.each([
    ["555555550 /1", "usernameSpaces"],
    ["5555555501", "usernameSlash"],
    ["55555555/1", "usernameNifDigits"],
    ["55555555a/1", "usernameNifDigits"],
    ["555555550/", "usernameUserIdMissing"],
    ["555555550/x1", "usernameUserIdDigits"],
    ["555555550/1/2", "usernameFormat"],
  ])("%s → %s, from the library's refusal", (username, problem) => {
    const error = refusal(username);
    expect(error.code).toBe("INVALID_USERNAME");
    expect(usernameMessageKey(error.usernameProblem)).toBe(problem);
  });
});
