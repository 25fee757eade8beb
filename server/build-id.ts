import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which build an instance runs (GET /areaOE/api/health, areaoe_build_info, the start log): the first 12
 * hex digits of the SHA-256 of every file of the build (its server folder and its client folder, each
 * file's path and bytes, in order), so that two builds that differ in any file they ship have two ids.
 * The server bundle alone is not enough: the islands are a client build of their own (the bundle reads
 * their manifest at start), the verification worker is an entry of its own, and the downloads, diagrams
 * and other files of public/ are copied as they are; a change of only those leaves the bundle's bytes alone.
 * About 10 MB read once at start (a few tens of milliseconds).
 */
export function buildIdOf(serverDir: string, clientDir: string): string {
  const hash = createHash("sha256");
  for (const [label, dir] of [
    ["server", serverDir],
    ["client", clientDir],
  ] as const) {
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort();
    for (const file of files) {
      const bytes = readFileSync(path.join(dir, file));
      hash.update(`${label}/${file}\0${bytes.length}\0`);
      hash.update(bytes);
    }
  }
  return hash.digest("hex").slice(0, 12);
}
