import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_TEST_FILES, NEEDS_ISOLATION } from "./isolated-test-files";

const ROOT = join(import.meta.dirname, "../..");
const TEST_FILE = /\.test\.tsx?$/;
/** This file: its samples below are strings, not calls. */
const THIS_FILE = relative(ROOT, import.meta.filename);

function testFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe("test files that need a module graph of their own", () => {
  const all = ["app", "server", "packages", "scripts"].flatMap(testFiles);

  it("are all in the isolated project", () => {
    const needing = all.filter((file) => file !== THIS_FILE && NEEDS_ISOLATION.test(readFileSync(join(ROOT, file), "utf8")));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !(ISOLATED_TEST_FILES as readonly string[]).includes(file))).toEqual([]);
  });

  it("lists only files that exist", () => {
    expect(ISOLATED_TEST_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it("recognises each way of needing it", () => {
    for (const line of ['vi.mock("./x")', "vi.doMock(path)", 'vi.stubGlobal("fetch", f)', 'vi.stubEnv("DEV", true)', "vi.resetModules()", "vi.useFakeTimers()", 'process.on("exit", f)']) {
      expect(NEEDS_ISOLATION.test(line), line).toBe(true);
    }
    expect(NEEDS_ISOLATION.test("vi.fn(); vi.useRealTimers(); process.env.X")).toBe(false);
  });
});
