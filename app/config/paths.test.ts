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

describe("the base path", () => {
  it("is written in app/config/paths.ts alone (outside tests and comments): everything else imports it", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "../..");
    const files = ["app", "server"].flatMap((folder) =>
      (readdirSync(path.join(root, folder), { recursive: true }) as string[])
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)test-[^/]*\.ts$|\.d\.ts$/.test(file))
        .map((file) => path.join(folder, file)),
    );
    const writers = files.filter((file) => {
      if (file === path.join("app", "config", "paths.ts")) return false;
      // The base path anywhere in code (a literal's start or its middle: "GET /areaOE/…" in a message);
      // comments and documentation lines are text, and so is a product's name ("-//areaOE//").
      const code = readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .map((line) => line.replace(/\s\/\/\s.*$/, ""))
        .join("\n");
      return /(?<![\w./])\/areaOE(?=[/"'`?#\s)]|$)/m.test(code);
    });
    expect(writers).toEqual([]);
  });
});
