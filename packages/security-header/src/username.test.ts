import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidNif, nifCheckDigit, SecurityHeaderError, usernameProblem, validateUsername } from "./index.js";

function expectRefused(username: string): void {
  try {
    validateUsername(username);
  } catch (error) {
    expect(error).toBeInstanceOf(SecurityHeaderError);
    expect((error as SecurityHeaderError).code).toBe("INVALID_USERNAME");
    return;
  }
  throw new Error(`accepted ${JSON.stringify(username)}`);
}

describe("NIF check digit", () => {
  it.each([
    ["123456789", true],
    ["501442600", true], // remainder 1 -> check 0
    ["555555555", false], // the documentation example
    ["123456780", false],
    ["100000002", true], // remainder 9 -> check 2
    ["100000010", true], // sum 11, remainder 0 -> check 0
  ])("%s valid=%s", (nif, valid) => {
    expect(isValidNif(nif)).toBe(valid);
  });

  it("matches the mod-11 definition for any 8 leading digits, and only that last digit passes", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), fc.integer({ min: 0, max: 9 }), (first8, last) => {
        let sum = 0;
        for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
        const r = sum % 11;
        const check = r < 2 ? 0 : 11 - r;
        expect(nifCheckDigit(`${first8}${last}`)).toBe(check);
        expect(isValidNif(`${first8}${last}`)).toBe(last === check);
      }),
    );
  });
});

describe("validateUsername", () => {
  it("accepts NIF/UserID and splits it", () => {
    expect(validateUsername("123456789/1")).toEqual({
      username: "123456789/1",
      nif: "123456789",
      userId: "1",
      nifCheckDigitValid: true,
      warnings: [],
    });
  });

  it("warns, without refusing, when the check digit fails", () => {
    const result = validateUsername("555555555/1");
    expect(result.nifCheckDigitValid).toBe(false);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]?.code).toBe("NIF_CHECK_DIGIT");
  });

  it("accepts any 9 digits, a slash and digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{1,12}$/), (nif, user) => {
        const result = validateUsername(`${nif}/${user}`);
        expect(result.nif).toBe(nif);
        expect(result.userId).toBe(user);
        expect(result.warnings.length === 0).toBe(isValidNif(nif));
      }),
    );
  });

  it("refuses everything that is not exactly that shape", () => {
    const shape = /^\d{9}\/\d+$/;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          fc.tuple(fc.stringMatching(/^\d{0,12}$/), fc.constantFrom("/", "\\", "-", "", "//"), fc.stringMatching(/^\d{0,3}$/)).map((parts) => parts.join("")),
          fc.tuple(fc.stringMatching(/^\d{9}\/\d{1,3}$/), fc.constantFrom(" ", "\n", "a", "/", "\u0000")).map(([u, extra]) => u + extra),
        ),
        (candidate) => {
          fc.pre(!shape.test(candidate));
          expectRefused(candidate);
        },
      ),
    );
  });

  it("refuses non-strings from JavaScript callers", () => {
    expectRefused(123456789 as unknown as string);
    expectRefused(undefined as unknown as string);
  });
});

describe("usernameProblem", () => {
  it.each([
    ["555555550 /1", "SPACES"],
    [" 555555550/1", "SPACES"],
    ["5555555501", "NO_SLASH"],
    ["55555555/1", "NIF_DIGITS"],
    ["55555555a/1", "NIF_DIGITS"],
    ["555555550/", "USER_ID_MISSING"],
    ["555555550/x1", "USER_ID_DIGITS"],
    ["555555550/1/2", "FORMAT"],
  ] as const)("%j → %s, the same detail validateUsername throws with", (username, problem) => {
    expect(usernameProblem(username)).toBe(problem);
    expect(() => validateUsername(username)).toThrow(expect.objectContaining({ code: "INVALID_USERNAME", usernameProblem: problem }));
  });

  it("is null exactly when validateUsername accepts, and every refusal names a problem", () => {
    const shape = /^\d{9}\/\d+$/;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{9}\/\d{1,3}$/)), (candidate) => {
        const problem = usernameProblem(candidate);
        expect(problem === null).toBe(shape.test(candidate));
        if (problem !== null) {
          expect(() => validateUsername(candidate)).toThrow(expect.objectContaining({ usernameProblem: problem }));
        }
      }),
    );
  });
});
