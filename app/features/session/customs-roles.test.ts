import { describe, expect, it } from "vitest";
import { customsRolesFromClaim, isCustomsRole } from "./customs-roles";

describe("customsRolesFromClaim", () => {
  it("keeps the five known profiles in canonical order", () => {
    expect(customsRolesFromClaim(["ROLE_TRS", "ROLE_DAV", "ROLE_SDS", "ROLE_DUI", "ROLE_DUE"])).toEqual([
      "ROLE_DAV",
      "ROLE_DUE",
      "ROLE_DUI",
      "ROLE_SDS",
      "ROLE_TRS",
    ]);
  });

  it("ignores unknown roles, near misses and non-strings", () => {
    expect(customsRolesFromClaim(["ROLE_ADMIN", "role_dui", "ROLE_DUI ", 42, null, { role: "ROLE_SDS" }, "ROLE_SDS"])).toEqual(
      ["ROLE_SDS"],
    );
  });

  it("accepts a space-separated string and removes duplicates", () => {
    expect(customsRolesFromClaim("ROLE_SDS  ROLE_DUI ROLE_SDS")).toEqual(["ROLE_DUI", "ROLE_SDS"]);
  });

  it("gives no profile for a missing or malformed claim", () => {
    expect(customsRolesFromClaim(undefined)).toEqual([]);
    expect(customsRolesFromClaim(null)).toEqual([]);
    expect(customsRolesFromClaim({ ROLE_DUI: true })).toEqual([]);
    expect(customsRolesFromClaim([])).toEqual([]);
  });

  it("recognises only the exact role names", () => {
    expect(isCustomsRole("ROLE_DAV")).toBe(true);
    expect(isCustomsRole("ROLE_DAVX")).toBe(false);
    expect(isCustomsRole("toString")).toBe(false);
  });
});
