import { describe, expect, it } from "vitest";
import { pageHasIslands, pageHydrates } from "./hydration";

describe("pageHydrates", () => {
  it("hydrates only when a matched route is a page the manifest hydrates", () => {
    expect(pageHydrates(["root", "import"])).toBe(false);
    expect(pageHydrates(["root", "home"])).toBe(false);
    expect(pageHydrates(["root", "home-alias"])).toBe(false);
    // Tool pages whose widgets are islands are not hydrated by React Router.
    expect(pageHydrates(["root", "search"])).toBe(false);
    expect(pageHydrates(["root", "web-services"])).toBe(false);
    expect(pageHydrates(["root", "iva-exp"])).toBe(false);
    expect(pageHydrates(["root", "first-steps"])).toBe(false);
    expect(pageHydrates(["root", "not-found"])).toBe(false);
    expect(pageHydrates(["root", "no-such-page"])).toBe(false);
  });

  it("hydrates the error screen of an unexpected failure (Retry), not a 404's unavailable screen", () => {
    expect(pageHydrates(["root"], new Error("broken"))).toBe(true);
    expect(pageHydrates(["root", "not-found"], { status: 404, statusText: "Not Found" })).toBe(false);
    expect(pageHydrates(["root", "import"], { status: 500 })).toBe(true);
  });
});

describe("pageHasIslands", () => {
  it("is true for the tool pages whose widgets are islands, never for an error screen", () => {
    expect(pageHasIslands(["root", "search"])).toBe(true);
    expect(pageHasIslands(["root", "security-header-check"])).toBe(true);
    expect(pageHasIslands(["root", "security-header-form"])).toBe(true);
    expect(pageHasIslands(["root", "import"])).toBe(false);
    expect(pageHasIslands(["root", "search"], new Error("broken"))).toBe(false);
    expect(pageHydrates(["root", "search"], new Error("broken"))).toBe(true);
  });
});
