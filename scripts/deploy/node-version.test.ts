import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// One runtime, stated three times: `.node-version` (what .ci/run installs), `engines.node` (what npm
// checks) and the Dockerfile's base images (what production runs). They must name the same major.
const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

const stated = read(".node-version").trim();
const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const images = [...read("Dockerfile").matchAll(/^FROM\s+node:(\S+)/gm)].map((match) => match[1] ?? "");

const major = (version: string) => Number(/^(\d+)/.exec(version)?.[1]);

describe("the Node.js version", () => {
  it("is stated in .node-version as a version or a major", () => {
    expect(stated).toMatch(/^\d+(\.\d+\.\d+)?$/);
  });

  it("engines.node is a lower bound of the same major", () => {
    const bound = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines)?.[1];
    expect(bound, `engines.node ${engines}`).toBeDefined();
    expect(major(bound ?? "")).toBe(major(stated));
  });

  it("every Dockerfile stage starts from the same major", () => {
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(major(image), `FROM node:${image}`).toBe(major(stated));
  });

  it("is the major this test runs on (CI installs it when the machine's node is older)", () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(major(stated));
  });
});
