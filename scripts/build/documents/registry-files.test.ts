import { describe, expect, it } from "vitest";
import { readRegistry } from "./read-registry";
import { formatProblem } from "./parse-registry";
import { registry } from "../../../app/features/documents/registry";
import { DOWNLOAD_SOURCES, DOWNLOADS_PATH } from "../downloads/downloads";

// The real registry files: a content writer's mistake fails here with file, id and field (and the build fails too).
describe("content/documents/*.json", () => {
  it("every entry matches the registry format of CONTRIBUTING.md and every id is unique", () => {
    const { documents, problems } = readRegistry(process.cwd());
    expect(problems.map(formatProblem)).toEqual([]);
    expect([...registry.documents.keys()]).toEqual([...documents.keys()]);
  });
});

describe("the portal's own downloads in the registry", () => {
  it("each built download has its entry, addressed where the portal serves it", () => {
    const { documents } = readRegistry(process.cwd());
    for (const source of DOWNLOAD_SOURCES) {
      expect(documents.get(source.id)?.href, source.id).toBe(`${DOWNLOADS_PATH}/${source.fileName}`);
    }
  });
});
