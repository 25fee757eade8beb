import { describe, expect, it } from "vitest";
import { apiPath, appPath, assetPath, BASE_PATH, BASE_URL, isUnderBasePath } from "./paths";

describe("paths", () => {
  it("builds every address below the base path /areaOE", () => {
    expect(BASE_PATH).toBe("/areaOE");
    expect(BASE_URL).toBe("/areaOE/");
    expect(appPath("")).toBe("/areaOE/");
    expect(appPath("/")).toBe("/areaOE/");
    expect(appPath("/public/iecs")).toBe("/areaOE/public/iecs");
    expect(appPath("public/iecs")).toBe("/areaOE/public/iecs");
    expect(apiPath("time")).toBe("/areaOE/api/time");
    expect(assetPath("favicon.svg")).toBe("/areaOE/favicon.svg");
    expect(assetPath("/diagrams/x.svg")).toBe("/areaOE/diagrams/x.svg");
  });

  it("tells in-app addresses apart", () => {
    expect(isUnderBasePath("/areaOE")).toBe(true);
    expect(isUnderBasePath("/areaOE/public")).toBe(true);
    expect(isUnderBasePath("/areaOEvil")).toBe(false);
  });
});
