// AREAOE_PREVIOUS_ASSETS_DIR is the previous build's client folder: checked at start, so that a missing
// or wrong folder stops the start with a message naming it (server/boot.ts), instead of a deployment
// that answers 404 for every old chunk. Real folders in a temporary directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousAssetsProblem } from "./static-assets";

let root = "";
const client = (name: string, scripts: string[] = ["entry.client-AbCd1234.js"]) => {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  for (const script of scripts) writeFileSync(path.join(dir, "assets", script), "export {};");
  return dir;
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "areaoe-previous-assets-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the previous build's assets folder", () => {
  it("accepts the previous build's client folder", () => {
    expect(previousAssetsProblem(client("previous"), client("current"))).toBeUndefined();
  });

  it("refuses a folder that does not exist, naming the variable and the folder", () => {
    const missing = path.join(root, "nowhere");
    expect(previousAssetsProblem(missing)).toBe(
      `AREAOE_PREVIOUS_ASSETS_DIR=${missing}: no such folder; it must be a copy of the previous build's client folder (cp -r build/client /srv/areaoe/previous-client before the next npm run build)`,
    );
  });

  it("refuses a file, the assets folder itself (the other spelling), a folder without scripts, and the running build's own folder", () => {
    const file = path.join(root, "a-file");
    writeFileSync(file, "");
    expect(previousAssetsProblem(file)).toMatch(/^AREAOE_PREVIOUS_ASSETS_DIR=.*a-file: not a folder/);
    const previous = client("previous-2");
    expect(previousAssetsProblem(path.join(previous, "assets"))).toMatch(/: this is an assets folder; name its parent, the previous build's client folder$/);
    const empty = path.join(root, "empty");
    mkdirSync(empty);
    expect(previousAssetsProblem(empty)).toMatch(/: has no assets folder, so it is not a build's client folder/);
    expect(previousAssetsProblem(client("no-scripts", []))).toMatch(/: its assets folder holds no script/);
    const current = client("current-2");
    expect(previousAssetsProblem(`${current}/.`, current)).toMatch(/: this is the running build's own client folder, not the previous build's$/);
  });
});
