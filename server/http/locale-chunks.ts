import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_PATH, type LocaleChunks } from "../../app/server-surface";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Reads the client build's manifest (kept by `build.manifest` in vite.config.ts) once at start: the
 * URL of the chunk built from each source file and of the chunks it imports, so a page can preload
 * exactly the texts it uses. Without a manifest (an old build) nothing is preloaded; the browser
 * still loads the texts before hydrating, one round trip later.
 */
export function readLocaleChunks(clientDir: string): LocaleChunks | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
  const urls = new Map<string, string[]>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(`${BASE_PATH}/${chunk.file}`)) return;
    into.add(`${BASE_PATH}/${chunk.file}`);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  return (source) => {
    let found = urls.get(source);
    if (!found) {
      const into = new Set<string>();
      collect(source, into);
      found = [...into];
      urls.set(source, found);
    }
    return found;
  };
}
