import { describe, expect, it } from "vitest";
import { registry } from "./registry";
import { formatProblem } from "./documents-registry";

// The real registry files: a content writer's mistake fails here with file, id and field.
describe("content/documents/*.json", () => {
  it("every entry matches the registry format of CONTRIBUTING.md and every id is unique", () => {
    expect(registry.problems.map(formatProblem)).toEqual([]);
  });
});
