import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_PATH, ISLAND_LOADER_SOURCE, ISLANDS_MANIFEST_FILE, type IslandAssets } from "../../app/server-surface";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Reads the islands' build manifest (the `islands` environment of vite.config.ts) once at start: the URL of
 * the chunk built from each source file and of the chunks it imports, for each page's islands' manifest,
 * and the loader as built, which every page with islands inlines (app/islands/island-head.ts). Without the
 * manifest (`npm run dev`, which serves the sources) it gives nothing; a manifest without the loader is a
 * broken build and stops the start.
 */
export function readIslandAssets(clientDir: string): IslandAssets | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(clientDir, ISLANDS_MANIFEST_FILE), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
  const loaderFile = manifest[ISLAND_LOADER_SOURCE]?.file;
  if (!loaderFile) throw new Error(`${path.join(clientDir, ISLANDS_MANIFEST_FILE)} has no ${ISLAND_LOADER_SOURCE}: the islands' build is incomplete`);
  const loader = readFileSync(path.join(clientDir, loaderFile), "utf8").trim();
  const urls = new Map<string, string[]>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(`${BASE_PATH}/${chunk.file}`)) return;
    into.add(`${BASE_PATH}/${chunk.file}`);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const chunks = (source: string) => {
    let found = urls.get(source);
    if (!found) {
      const into = new Set<string>();
      collect(source, into);
      found = [...into];
      urls.set(source, found);
    }
    return found;
  };
  return { chunks, loader };
}
