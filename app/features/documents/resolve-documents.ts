import type { DocumentEntry } from "./document-schema";

export interface ResolvedDocuments {
  found: DocumentEntry[];
  missing: string[];
}

/** The registry entries for `ids`, in the order given; unknown ids are reported, not thrown. */
export function resolveDocuments(ids: readonly string[], documents: ReadonlyMap<string, DocumentEntry>): ResolvedDocuments {
  const found: DocumentEntry[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const entry = documents.get(id);
    if (entry) found.push(entry);
    else missing.push(id);
  }
  return { found, missing };
}
