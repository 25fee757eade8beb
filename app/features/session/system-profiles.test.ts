import { describe, expect, it } from "vitest";
import { SYSTEM_PROFILES, systemAccess } from "./system-profiles";
import en from "~/features/session/locales/en.json";

describe("system profiles", () => {
  it("covers every system of the profile tables once, each with a name in the texts", () => {
    const ids = SYSTEM_PROFILES.map((system) => system.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(en.systems.names).sort());
  });

  it("marks access from the visitor's profiles, and unknown where no profile is stated", () => {
    const byId = Object.fromEntries(SYSTEM_PROFILES.map((system) => [system.id, system]));
    expect(systemAccess(byId["stada-import"]!, ["ROLE_DUI", "ROLE_SDS"])).toBe("yes");
    expect(systemAccess(byId["stada-transit-cau"]!, ["ROLE_DUI", "ROLE_SDS"])).toBe("no");
    expect(systemAccess(byId.siceu!, ["ROLE_DAV", "ROLE_DUE", "ROLE_DUI", "ROLE_SDS", "ROLE_TRS"])).toBe("unknown");
    expect(systemAccess(byId["sds-air-sea"]!, [])).toBe("no");
  });
});
