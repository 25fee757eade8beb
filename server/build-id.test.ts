import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIdOf } from "./build-id";

const work = mkdtempSync(path.join(tmpdir(), "areaoe-build-id-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface BuildFiles {
  bundle: string;
  worker: string;
  islands: string;
  download: string;
}
const firstFiles: BuildFiles = { bundle: "export {}", worker: "worker", islands: "assets/islands.client-GGE8MqVf.js", download: "public class AreaoeHeader {}" };

/** A build's folder as `npm run build` lays it out (a few of its files). */
function build(name: string, changed: Partial<BuildFiles> = {}): string {
  const files = { ...firstFiles, ...changed };
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, "server"), { recursive: true });
  mkdirSync(path.join(dir, "client/.vite"), { recursive: true });
  mkdirSync(path.join(dir, "client/downloads/samples"), { recursive: true });
  writeFileSync(path.join(dir, "server/index.js"), files.bundle);
  writeFileSync(path.join(dir, "server/verification-worker.js"), files.worker);
  writeFileSync(path.join(dir, "client/.vite/manifest.json"), JSON.stringify({ "app/islands/islands.client.tsx": { file: files.islands } }));
  writeFileSync(path.join(dir, "client/downloads/samples/AreaoeHeader.java"), files.download);
  return dir;
}
const idOf = (dir: string) => buildIdOf(path.join(dir, "server"), path.join(dir, "client"));

describe("the build id", () => {
  const first = build("first");

  it("is 12 hex digits, the same for a copy of the same build", () => {
    const copy = path.join(work, "copy");
    cpSync(first, copy, { recursive: true });
    expect(idOf(first)).toMatch(/^[0-9a-f]{12}$/);
    expect(idOf(copy)).toBe(idOf(first));
  });

  it("differs for a next build whose server bundle is the same bytes: only an island's script, the worker, or a download changed", () => {
    const ids = [
      idOf(first),
      idOf(build("islands", { islands: "assets/islands.client-4zfHfKQG.js" })),
      idOf(build("worker", { worker: "worker, fixed" })),
      idOf(build("download", { download: "public final class AreaoeHeader {}" })),
    ];
    expect(new Set(ids).size).toBe(4);
  });

  it("differs when a file is added or moved, even with the same bytes", () => {
    const added = build("added");
    writeFileSync(path.join(added, "client/favicon.svg"), "<svg/>");
    const moved = build("moved");
    rmSync(path.join(moved, "client/downloads/samples/AreaoeHeader.java"));
    writeFileSync(path.join(moved, "client/downloads/AreaoeHeader.java"), firstFiles.download);
    expect(new Set([idOf(first), idOf(added), idOf(moved)]).size).toBe(3);
  });
});
