import { describe, expect, it } from "vitest";
import { pageHydrates } from "./hydration";

describe("pageHydrates", () => {
  it("hydrates only when a matched route's handle asks for it", () => {
    expect(pageHydrates([undefined, { pageId: "import" }])).toBe(false);
    expect(pageHydrates([undefined, { pageId: "search", hydrate: true }])).toBe(true);
    expect(pageHydrates([{ hydrate: "yes" }, null, 3])).toBe(false);
  });

  it("hydrates the error screen of an unexpected failure (Retry), not a 404's unavailable screen", () => {
    expect(pageHydrates([undefined], new Error("broken"))).toBe(true);
    expect(pageHydrates([undefined], { status: 404, statusText: "Not Found" })).toBe(false);
    expect(pageHydrates([undefined], { status: 500 })).toBe(true);
  });
});
