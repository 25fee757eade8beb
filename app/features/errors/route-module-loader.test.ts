import { describe, expect, it } from "vitest";
import { withoutBasename } from "./route-module-loader";

describe("withoutBasename", () => {
  it("strips the router's basename so navigate() does not add it twice", () => {
    expect(withoutBasename("/areaOE/public/transito", "/areaOE/")).toBe("/public/transito");
    expect(withoutBasename("/areaOE/public/transito?lang=en#x", "/areaOE")).toBe("/public/transito?lang=en#x");
    expect(withoutBasename("/areaOE", "/areaOE/")).toBe("/");
    expect(withoutBasename("/areaOE?lang=pt", "/areaOE/")).toBe("/?lang=pt");
  });

  it("leaves other paths alone", () => {
    expect(withoutBasename("/areaOEx/public", "/areaOE/")).toBe("/areaOEx/public");
    expect(withoutBasename("/public/transito", "/")).toBe("/public/transito");
    expect(withoutBasename("/public/transito")).toBe("/public/transito");
  });
});
