import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

// For tests only: the next build of the portal without building twice. A copy of a production build in
// which every hashed asset has another name, as a build of changed sources would give it, and every
// reference to one (the server bundle's manifest, the chunks' imports, the stylesheets) is rewritten.
// Its precompressed copies (.br, .gz) are dropped: they hold the old names, and the server sends the
// file itself when there is none. Two instances, one on each, are the two halves of a rolling deployment.

/** A hashed asset's name: `<name>-<8 characters of hash>.<extension>`, as Vite writes it. */
const HASHED = /^(.+)-([A-Za-z0-9_-]{8})(\.[a-z0-9]+)$/;
const TEXT = /\.(js|css|json|html|svg|map)$/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export interface NextBuild {
  dir: string;
  /** Each renamed asset: its name in the build copied, and in this one. */
  renamed: ReadonlyMap<string, string>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Copies `buildDir` to `into` (emptied first) as the next build (see above). The server bundle finds its
 * packages beside it as a deployment would: `into`'s parent gets a link to the project's node_modules.
 */
export function makeNextBuild(buildDir: string, into: string): NextBuild {
  rmSync(into, { recursive: true, force: true });
  cpSync(buildDir, into, { recursive: true });
  const modules = path.join(path.dirname(into), "node_modules");
  if (!existsSync(modules)) symlinkSync(path.join(ROOT, "node_modules"), modules, "dir");
  const assets = path.join(into, "client/assets");
  const renamed = new Map<string, string>();
  // Every folder of the assets: the islands' build writes its own (assets/islands/).
  const folders = new Map<string, string>();
  for (const entry of readdirSync(assets, { recursive: true, withFileTypes: true })) {
    const { name, parentPath: folder } = entry;
    if (!entry.isFile()) continue;
    if (/\.(br|gz)$/.test(name)) {
      rmSync(path.join(folder, name));
      continue;
    }
    const hashed = HASHED.exec(name);
    if (!hashed || !statSync(path.join(folder, name)).isFile()) continue;
    const [, base = "", , extension = ""] = hashed;
    renamed.set(name, `${base}-${createHash("sha256").update(`next:${name}`).digest("base64url").slice(0, 8)}${extension}`);
    folders.set(name, folder);
  }
  if (renamed.size === 0) throw new Error(`no hashed asset in ${assets}`);
  // One pass per file: every old name at once (the longest first, so that no name is cut by a shorter one).
  const names = new RegExp([...renamed.keys()].sort((a, b) => b.length - a.length).map(escape).join("|"), "g");
  // The whole copy: the server bundle, the chunks, and the client's own manifest (client/.vite), which
  // the server reads for the pages' text chunks.
  for (const file of textFiles(into)) {
    const text = readFileSync(file, "utf8");
    const next = text.replace(names, (old) => renamed.get(old) ?? old);
    if (next !== text) writeFileSync(file, next);
  }
  for (const [old, next] of renamed) {
    const folder = folders.get(old) ?? assets;
    renameSync(path.join(folder, old), path.join(folder, next));
  }
  return { dir: into, renamed };
}
