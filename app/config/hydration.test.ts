import { describe, expect, it } from "vitest";
import { pageHasIslands } from "./hydration";

describe("pageHasIslands", () => {
  it("is true for the tool pages whose widgets are islands, never for a page of text or an error screen", () => {
    expect(pageHasIslands(["root", "search"])).toBe(true);
    expect(pageHasIslands(["root", "security-header-check"])).toBe(true);
    expect(pageHasIslands(["root", "security-header-form"])).toBe(true);
    for (const page of ["import", "home", "home-alias", "not-found", "no-such-page"]) expect(pageHasIslands(["root", page])).toBe(false);
    expect(pageHasIslands(["root", "search"], new Error("broken"))).toBe(false);
    expect(pageHasIslands(["root", "not-found"], { status: 404, statusText: "Not Found" })).toBe(false);
  });
});
