import { validateUsername } from "@areaoe/security-header";
import { describe, expect, it } from "vitest";
import { usernameProblem } from "./username-problem";

describe("usernameProblem", () => {
  it.each([
    ["555555550 /1", "usernameSpaces"],
    ["5555555501", "usernameSlash"],
    ["55555555/1", "usernameNifDigits"],
    ["55555555a/1", "usernameNifDigits"],
    ["555555550/", "usernameUserIdMissing"],
    ["555555550/x1", "usernameUserIdDigits"],
    ["555555550/1/2", "usernameFormat"],
  ])("%s → %s, and the library refuses it too", (username, problem) => {
    expect(usernameProblem(username)).toBe(problem);
    expect(() => validateUsername(username)).toThrow(expect.objectContaining({ code: "INVALID_USERNAME" }));
  });
});
