// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { claimReload, RELOAD_GUARD_MS, takeResumeTarget } from "./chunk-recovery";

describe("chunk reload guard", () => {
  beforeEach(() => sessionStorage.clear());

  it("allows one reload per window, never two in a row", () => {
    expect(claimReload(sessionStorage, 1_000, "/public/iecs")).toBe(true);
    expect(claimReload(sessionStorage, 2_000, "/public/iecs")).toBe(false);
    expect(claimReload(sessionStorage, 1_000 + RELOAD_GUARD_MS, "/x")).toBe(true);
  });

  it("hands back the interrupted navigation once", () => {
    claimReload(sessionStorage, 1_000, "/public/iecs?lang=en");
    expect(takeResumeTarget(sessionStorage, 1_500)).toBe("/public/iecs?lang=en");
    expect(takeResumeTarget(sessionStorage, 1_600)).toBeUndefined();
  });

  it("does not resume a stale navigation and survives garbage in storage", () => {
    claimReload(sessionStorage, 1_000, "/x");
    expect(takeResumeTarget(sessionStorage, 1_000 + RELOAD_GUARD_MS)).toBeUndefined();
    sessionStorage.setItem("areaoe:chunk-reload", "{not json");
    expect(claimReload(sessionStorage, 5, undefined)).toBe(true);
  });
});
